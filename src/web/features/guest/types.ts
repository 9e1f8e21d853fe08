import type { Offer } from '../../../shared/types';

/** The offer fields the guest screens use (GET /offers answers the full SPEC shape). */
export type GuestOffer = Pick<
  Offer,
  | 'id'
  | 'offer_name'
  | 'offer_type'
  | 'offer_value'
  | 'description'
  | 'terms_conditions'
  | 'opening_hours'
  | 'closing_hours'
  | 'validity_from'
  | 'validity_to'
  | 'images'
  | 'merchant'
  | 'merchant_name'
  | 'merchant_type_id'
>;

export interface GuestDetails {
  customer_name: string;
  mobile_number: string;
  checkout_date: string;
}

export type Step = 'details' | 'categories' | 'offers' | 'rating' | 'vouchers';
