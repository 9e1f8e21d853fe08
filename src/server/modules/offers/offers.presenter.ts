import * as v from 'valibot';
import { OFFER_TYPES, offerStatus } from '../../../shared/schemas/offers';
import { clockTime, int, isoDate, isoDateTime, named, uuid } from '../../platform/openapi/shapes';
import { offerThumbnailPath } from '../files/thumbnails';
import { MerchantPlaceView, presentMerchantPlace } from './merchant-place';
import type { OfferRow } from './offers.service';

/** A time column ('HH:MM:SS') as the screens show it, 'HH:MM'. */
export const hhmm = (time: string | null) => (time ? time.slice(0, 5) : null);

/** The one offer shape (docs/PRODUCT.md "API fields"). */
export const OfferView = named(
  'Offer',
  v.strictObject({
    id: uuid,
    merchant_id: uuid,
    offer_name: v.string(),
    offer_type: v.picklist(OFFER_TYPES),
    offer_value: v.number(),
    terms_conditions: v.string(),
    /** 'HH:MM' */
    opening_hours: v.nullable(clockTime),
    closing_hours: v.nullable(clockTime),
    description: v.string(),
    /** 'YYYY-MM-DD' */
    validity_from: isoDate,
    validity_to: isoDate,
    is_active: v.boolean(),
    /** validity_to is before today in the business time zone. */
    is_expired: v.boolean(),
    status: v.picklist(['Expired', 'Inactive', 'Active']),
    created_at: isoDateTime,
    merchant_name: v.string(),
    images: v.array(v.string()),
    merchant: v.strictObject({ name: v.string(), merchant_type: v.string() }),
    merchant_type_id: int,
    location_id: int,
    location_name: v.string(),
  }),
);
export type OfferView = v.InferOutput<typeof OfferView>;

/** `today` is the business-zone date that decides is_expired. */
export function presentOffer(row: OfferRow, today: string): OfferView {
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

/**
 * An offer card in the guest list (GET /offers?hotel_id=): what the card and the categories show, nothing more. The
 * merchant type's name comes from GET /merchant-types through merchant_type_id.
 */
export const GuestOfferCardView = named(
  'GuestOfferCard',
  v.strictObject({
    id: uuid,
    offer_name: v.string(),
    offer_type: v.picklist(OFFER_TYPES),
    offer_value: v.number(),
    merchant_name: v.string(),
    merchant_type_id: int,
    validity_to: isoDate,
    /** The card's picture: a square WebP the server makes (files/thumbnails.ts); null when there is no image. */
    thumbnail_url: v.nullable(v.string()),
  }),
);
export type GuestOfferCardView = v.InferOutput<typeof GuestOfferCardView>;

export function presentGuestOfferCard(row: OfferRow): GuestOfferCardView {
  return {
    id: row.id,
    offer_name: row.offerName,
    offer_type: row.offerType,
    offer_value: Number(row.offerValue),
    merchant_name: row.merchantName,
    merchant_type_id: row.merchantTypeId,
    validity_to: row.validityTo,
    thumbnail_url: offerThumbnailPath(row.images, row.merchantTypeThumbnailUrl),
  };
}

/** One offer for the guest's View Details: the card and the rest of what the dialog shows. */
export const GuestOfferView = named(
  'GuestOffer',
  v.strictObject({
    ...GuestOfferCardView.entries,
    description: v.string(),
    terms_conditions: v.string(),
    opening_hours: v.nullable(clockTime),
    closing_hours: v.nullable(clockTime),
    validity_from: isoDate,
    images: v.array(v.string()),
    merchant: MerchantPlaceView,
  }),
);
export type GuestOfferView = v.InferOutput<typeof GuestOfferView>;

export function presentGuestOffer(row: OfferRow): GuestOfferView {
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
export const OfferToggleView = named('OfferToggle', v.strictObject({ message: v.string(), is_active: v.boolean() }));
export type OfferToggleView = v.InferOutput<typeof OfferToggleView>;

export function presentToggle(isActive: boolean): OfferToggleView {
  return {
    message: isActive ? 'Offer activated successfully' : 'Offer deactivated successfully',
    is_active: isActive,
  };
}
