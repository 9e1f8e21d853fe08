// The passwords feature's public entry: what other features may use (docs/DEVELOPING.md, "Layout rules").
export {
  EMPTY_LOGIN,
  NEW_LOGIN_FIELDS,
  newLoginFields,
  signInUsernameField,
  usernameField,
  type NewLogin,
} from './fields';
export { NewPasswordDialog, useResetPasswordDialog } from './ResetPasswordDialog';
