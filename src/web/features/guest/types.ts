/** An offer card of the guest list (GET /offers?hotel_id=) and one offer's View Details (GET /offers/{id}/details). */
export type { GuestOffer, GuestOfferCard } from '../../../shared/api-types';

export interface GuestDetails {
  customer_name: string;
  mobile_number: string;
  checkout_date: string;
  /** The required box: the privacy notice agreed to (docs/PRIVACY.md). */
  consent: boolean;
  /** The optional reminders box (docs/PRODUCT.md "Reminders"): reminders and one review request. */
  reminders_opt_in: boolean;
  /** The optional box: offers later. */
  marketing_opt_in: boolean;
}

/** `verify`: proving the number (phone verification on); `recover`: "Show my vouchers" (docs/PRODUCT.md "Guest trust"). */
export type Step = 'details' | 'verify' | 'recover' | 'categories' | 'offers' | 'rating' | 'vouchers';
