import { offerStatus } from '../../../shared/schemas/offers';
import type { Presented } from '../../platform/lib/presented';
import { offerThumbnailPath } from '../files/thumbnails';
import { presentMerchantPlace } from './merchant-place';
import type { OfferRow } from './offers.service';

/** A time column ('HH:MM:SS') as the screens show it, 'HH:MM'. */
export const hhmm = (time: string | null) => (time ? time.slice(0, 5) : null);

/** The one offer shape (docs/PRODUCT.md "API fields"). `today` is the business-zone date that decides is_expired. */
export function presentOffer(row: OfferRow, today: string) {
  const isExpired = row.validityTo < today;
  return {
    id: row.id,
    merchant_id: row.merchantId,
    offer_name: row.offerName,
    offer_type: row.offerType,
    offer_value: Number(row.offerValue),
    terms_conditions: row.termsConditions,
    /** 'HH:MM' */
    opening_hours: hhmm(row.openingHours),
    closing_hours: hhmm(row.closingHours),
    description: row.description,
    /** 'YYYY-MM-DD' */
    validity_from: row.validityFrom,
    validity_to: row.validityTo,
    is_active: row.isActive,
    /** validity_to is before today in the business time zone. */
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

/**
 * An offer card in the guest list (GET /offers?hotel_id=): what the card and the categories show, nothing more. The
 * merchant type's name comes from GET /merchant-types through merchant_type_id.
 */
export function presentGuestOfferCard(row: OfferRow) {
  return {
    id: row.id,
    offer_name: row.offerName,
    offer_type: row.offerType,
    offer_value: Number(row.offerValue),
    merchant_name: row.merchantName,
    merchant_type_id: row.merchantTypeId,
    validity_to: row.validityTo,
    /** The card's picture: a square WebP the server makes (files/thumbnails.ts); null when there is no image. */
    thumbnail_url: offerThumbnailPath(row.images, row.merchantTypeThumbnailUrl),
  };
}

/** One offer for the guest's View Details: the card and the rest of what the dialog shows. */
export function presentGuestOffer(row: OfferRow) {
  return {
    ...presentGuestOfferCard(row),
    description: row.description,
    terms_conditions: row.termsConditions,
    opening_hours: hhmm(row.openingHours),
    closing_hours: hhmm(row.closingHours),
    validity_from: row.validityFrom,
    images: row.images ?? [],
    merchant: presentMerchantPlace(row),
  };
}

/** PATCH /offers/{id}/toggle-active: the new state and its message. */
export function presentToggle(isActive: boolean) {
  return {
    message: isActive ? 'Offer activated successfully' : 'Offer deactivated successfully',
    is_active: isActive,
  };
}

export type OfferView = Presented<typeof presentOffer>;
export type GuestOfferCardView = Presented<typeof presentGuestOfferCard>;
export type GuestOfferView = Presented<typeof presentGuestOffer>;
export type OfferToggleView = Presented<typeof presentToggle>;
