// The contact feature's public entry: what other features may use (docs/DEVELOPING.md, "Layout rules").
export { contactInfoQuery } from './api';
export { ContactDetails } from './ContactUs';
