// The passwords feature's public entry: what other features may use (docs/DEVELOPING.md, "Layout rules").
export { EMPTY_LOGIN, NEW_LOGIN_FIELDS, type NewLogin } from './fields';
export { NewPasswordDialog, useResetPasswordDialog } from './ResetPasswordDialog';
// A merchant's Staff page adds staff logins with the same password field and hint.
export { PASSWORD_HINT } from './api';
export { passwordField } from './fields';
