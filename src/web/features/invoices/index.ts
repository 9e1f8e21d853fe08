// The invoices feature's public entry (docs/DEVELOPING.md "Layout rules"): the pieces the hotels feature shows in its
// dialogs (a hotel's billing details, cancelling a renewal).
export { CancelRenewalButton } from './CancelRenewal';
export { HotelBillingButton } from './HotelBilling';
