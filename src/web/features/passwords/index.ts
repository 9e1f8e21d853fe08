// The passwords feature's public entry: what other features may use (docs/DEVELOPING.md, "Layout rules").
export type { ResetTarget } from './api';
export { ResetPasswordDialog } from './ResetPasswordDialog';
