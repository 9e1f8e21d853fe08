/**
 * What frequency cannot do (docs/PRODUCT.md "Offer rules"), in the merchant's words: shown wherever a frequency is
 * set (an offer's, My Offers' and the back office's merchant setting).
 */
export const FREQUENCY_LIMITS_NOTE =
  'It cannot see guests whose numbers were already erased after their stay, and numbers are not verified: a guest with another number gets past it.';
