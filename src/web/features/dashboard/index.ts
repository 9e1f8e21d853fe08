// The dashboard feature's public entry: what other features may use (docs/DEVELOPING.md, "Layout rules").
export { DateTimeStack } from './DateTimeStack';
export { ArrowDownIcon, ArrowUpIcon, CalendarIcon, RefreshIcon, RupeeIcon, SearchIcon } from './icons';
export { StatCard } from './StatCard';
