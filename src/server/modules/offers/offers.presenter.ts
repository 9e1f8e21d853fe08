import { offerStatus } from '../../../shared/schemas/offers';
import type { GuestOffer, GuestOfferCard, Offer, OfferToggleResult } from '../../../shared/types';

export interface OfferRow {
  id: string;
  merchantId: string;
  offerName: string;
  offerType: Offer['offer_type'];
  offerValue: number;
  termsConditions: string;
  description: string;
  openingHours: string | null;
  closingHours: string | null;
  validityFrom: string;
  validityTo: string;
  isActive: boolean;
  images: string[];
  createdAt: Date;
  merchantName: string;
  merchantTypeId: number;
  merchantTypeName: string;
  locationId: number;
  locationName: string;
}

const hhmm = (time: string | null) => (time ? time.slice(0, 5) : null);

/** The one offer shape (docs/PRODUCT.md "API fields"). `today` is the business-zone date that decides is_expired. */
export function presentOffer(row: OfferRow, today: string): Offer {
  const isExpired = row.validityTo < today;
  return {
    id: row.id,
    merchant_id: row.merchantId,
    offer_name: row.offerName,
    offer_type: row.offerType,
    offer_value: Number(row.offerValue),
    terms_conditions: row.termsConditions,
    opening_hours: hhmm(row.openingHours),
    closing_hours: hhmm(row.closingHours),
    description: row.description,
    validity_from: row.validityFrom,
    validity_to: row.validityTo,
    is_active: row.isActive,
    is_expired: isExpired,
    status: offerStatus({ is_expired: isExpired, is_active: row.isActive }),
    created_at: row.createdAt.toISOString(),
    merchant_name: row.merchantName,
    images: row.images ?? [],
    merchant: { name: row.merchantName, merchant_type: row.merchantTypeName },
    merchant_type_id: row.merchantTypeId,
    location_id: row.locationId,
    location_name: row.locationName,
  };
}

/** An offer card in the guest list: what the card and the categories show, nothing more. */
export function presentGuestOfferCard(row: OfferRow): GuestOfferCard {
  return {
    id: row.id,
    offer_name: row.offerName,
    offer_type: row.offerType,
    offer_value: Number(row.offerValue),
    merchant_name: row.merchantName,
    merchant_type_id: row.merchantTypeId,
    validity_to: row.validityTo,
  };
}

/** One offer for the guest's View Details: the card and the rest of what the dialog shows. */
export function presentGuestOffer(row: OfferRow): GuestOffer {
  return {
    ...presentGuestOfferCard(row),
    description: row.description,
    terms_conditions: row.termsConditions,
    opening_hours: hhmm(row.openingHours),
    closing_hours: hhmm(row.closingHours),
    validity_from: row.validityFrom,
    images: row.images ?? [],
  };
}

/** PATCH /offers/{id}/toggle-active: the new state and its message. */
export function presentToggle(isActive: boolean): OfferToggleResult {
  return {
    message: isActive ? 'Offer activated successfully' : 'Offer deactivated successfully',
    is_active: isActive,
  };
}
