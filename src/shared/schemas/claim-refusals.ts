import * as v from 'valibot';

/**
 * What a guest's claim may be refused for by its card or its proof (docs/PRODUCT.md "Guest trust"), and the card's
 * token as a QR link carries it. Apart from placements.ts and verification.ts so the guest page's first load takes
 * these few words, not those modules' schemas.
 */

export const CARD_INACTIVE = 'This card is no longer active, please ask reception';
export const CARD_LIMIT_REACHED = "This card has reached today's limit, please ask reception";
export const VERIFY_FIRST = 'Please verify your mobile number first';
/** A token that is not valid (bad signature, expired, another number, purpose or hotel). */
export const VERIFICATION_INVALID = 'Your verification has expired, please verify your mobile number again';

/** A placement token as a QR link carries it (`?p=`): URL-safe base64 of 16 to 32 random bytes. */
export const PlacementToken = v.pipe(v.string(CARD_INACTIVE), v.regex(/^[A-Za-z0-9_-]{22,64}$/, CARD_INACTIVE));
