// The invoices feature's public entry (docs/DEVELOPING.md "Layout rules"): the pieces the hotels feature shows in its
// dialogs (a hotel's billing details, cancelling a renewal) and the Add/Edit Hotel form's billing fields.
export { CancelRenewalButton } from './CancelRenewal';
export { hotelBillingQuery } from './api';
export { HOTEL_BILLING_FIELDS, HotelBillingButton } from './HotelBilling';
