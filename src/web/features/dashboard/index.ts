// The dashboard feature's public entry: what other features may use (docs/DEVELOPING.md, "Layout rules").
export { DateTimeStack } from './DateTimeStack';
export { StatGrid, type Stat } from './StatCard';
