// The offers feature's public entry: what other features may use (docs/DEVELOPING.md, "Layout rules").
export { CreateOfferDialog } from './CreateOfferDialog';
export { MerchantCell } from './MerchantCell';
export { NEW_OFFER, OfferForm, offerToForm } from './OfferForm';
export { FREQUENCY_LIMITS_NOTE } from './rules-text';
export { CAP_REACHED, todayText, totalText } from './usage';
export { rateText, resultsText } from './results';
