/** An offer card of the guest list (GET /offers?hotel_id=) and one offer's View Details (GET /offers/{id}/details). */
export type { GuestOffer, GuestOfferCard } from '../../../shared/types';

export interface GuestDetails {
  customer_name: string;
  mobile_number: string;
  checkout_date: string;
}

export type Step = 'details' | 'categories' | 'offers' | 'rating' | 'vouchers';
