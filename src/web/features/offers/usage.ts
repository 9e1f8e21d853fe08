import type { Offer } from '../../../shared/api-types';

/**
 * An offer's usage in words (docs/PRODUCT.md "Offer rules", "API fields": issued and left today and in all), the
 * same on My Offers and All Offers: "5 left of 20" under a cap, "No cap" without one (the lists count an offer's
 * vouchers only where it has a cap).
 */
export const leftText = (left: number | null, cap: number | null, issued: number | null): string =>
  cap === null || left === null ? (issued === null ? 'No cap' : `${issued} issued, no cap`) : `${left} left of ${cap}`;

export const todayText = (offer: Offer) => leftText(offer.left_today, offer.daily_cap, offer.issued_today);
export const totalText = (offer: Offer) => leftText(offer.left_total, offer.total_cap, offer.issued_total);

/** docs/PRODUCT.md "Offer rules": the badge of an offer whose daily or total cap is full now. */
export const CAP_REACHED = 'Cap reached';
