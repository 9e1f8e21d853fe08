/** The compact guest list's offer (GET /offers?hotel_id=). */
export type { GuestOffer } from '../../../shared/types';

export interface GuestDetails {
  customer_name: string;
  mobile_number: string;
  checkout_date: string;
}

export type Step = 'details' | 'categories' | 'offers' | 'rating' | 'vouchers';
