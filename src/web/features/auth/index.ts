// The auth feature's public entry: what other features may use (docs/DEVELOPING.md, "Layout rules").
export { currentUserQuery, useCan, useRole, userRole } from './api';
