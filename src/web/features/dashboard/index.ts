// The dashboard feature's public entry: what other features may use (docs/DEVELOPING.md, "Layout rules").
export { DateTimeStack } from './DateTimeStack';
export { StatCard, StatGrid, type Stat } from './StatCard';
