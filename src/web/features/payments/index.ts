// The payments feature's public entry (docs/DEVELOPING.md "Layout rules"): the hotel details' Payments button.
export { PaymentsButton } from './PaymentsDialog';
