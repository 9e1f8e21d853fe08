// The passwords feature's public entry: what other features may use (docs/DEVELOPING.md, "Layout rules").
export { EMPTY_LOGIN, NEW_LOGIN_FIELDS, type NewLogin } from './fields';
export { useResetPasswordDialog } from './ResetPasswordDialog';
// A merchant's Staff page sets its staff logins' passwords with the same fields and checks.
export { confirmed, PASSWORD_HINT } from './api';
export { newPasswordFields, passwordField } from './fields';
