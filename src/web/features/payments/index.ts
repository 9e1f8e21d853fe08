// The payments feature's public entry (docs/DEVELOPING.md "Layout rules"): the hotel details' Payments button, and
// the hotel area's own payments above its invoices.
export { PaymentsButton } from './PaymentsDialog';
export { OwnPaymentsCard } from './OwnPaymentsCard';
