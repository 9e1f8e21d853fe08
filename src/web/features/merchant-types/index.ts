// The merchant types feature's public entry: what other features may use (docs/DEVELOPING.md, "Layout rules").
export { merchantTypesQuery } from './api';
