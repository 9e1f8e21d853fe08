import * as v from 'valibot';
import { OFFER_TYPES, offerStatus } from '../../../shared/schemas/offers';
import { clockTime, int, isoDate, isoDateTime, named, uuid } from '../../platform/openapi/shapes';
import { offerThumbnailPath } from '../files/thumbnails';
import { effectivePerGuestDays } from '../../../shared/offer-rules';
import { MerchantPlaceView, presentMerchantPlace } from './merchant-place';
import { capFigures } from './offer-figures';
import { redemptionRate, type OfferPeriodFigures, type OfferResults } from './offer-results';
import type { OfferRow, OfferWithUsage } from './offers.service';

/** A time column ('HH:MM:SS') as the screens show it, 'HH:MM'. */
export const hhmm = (time: string | null) => (time ? time.slice(0, 5) : null);

/** A blackout range (shared/offer-rules.ts): 'YYYY-MM-DD', both ends included. */
export const BlackoutRangeView = named('BlackoutRange', v.strictObject({ from: isoDate, to: isoDate }));

/**
 * The rules a guest, a voucher and the counter read (docs/PRODUCT.md "Offer rules", shared/offer-rules.ts
 * `OfferRules`); null = no rule. per_guest_days is the effective one: the offer's, else its merchant's.
 */
const offerRuleEntries = {
  /** ISO weekdays (1 Monday … 7 Sunday) it can be redeemed on, sorted. */
  redeem_weekdays: v.nullable(v.array(int)),
  blackout_dates: v.nullable(v.array(BlackoutRangeView)),
  /** Rupees. */
  min_bill: v.nullable(v.number()),
  max_party: v.nullable(int),
  per_guest_days: v.nullable(int),
};
export const OfferRulesView = named('OfferRules', v.strictObject(offerRuleEntries));
/** The same fields, for a voucher's offer (coupons.presenter.ts). */
export const offerRuleEntriesForCoupon = offerRuleEntries;
export type OfferRulesView = v.InferOutput<typeof OfferRulesView>;

/** The rule columns a select reads beside an offer (its own and its merchant's frequency). */
export interface OfferRuleColumns {
  redeemWeekdays: number[] | null;
  blackoutDates: { from: string; to: string }[] | null;
  minBill: number | null;
  maxParty: number | null;
  perGuestDays: number | null;
  merchantPerGuestDays: number | null;
}

export function presentOfferRules(row: OfferRuleColumns): OfferRulesView {
  return {
    redeem_weekdays: row.redeemWeekdays ?? null,
    blackout_dates: row.blackoutDates ?? null,
    min_bill: row.minBill === null ? null : Number(row.minBill),
    max_party: row.maxParty,
    per_guest_days: effectivePerGuestDays(row.perGuestDays, row.merchantPerGuestDays),
  };
}

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
    // Its rules, as its form edits them (docs/PRODUCT.md "Offer rules"): per_guest_days is the offer's own here.
    total_cap: v.nullable(int),
    daily_cap: v.nullable(int),
    ...offerRuleEntries,
    /** Paused by its merchant: off the guest list (is_active stays the back office's switch). */
    is_paused: v.boolean(),
    /**
     * Vouchers issued today (business day) and in all, cancelled ones not counted, as its daily and total caps count
     * them; null without that cap (offer-figures.ts: the lists never count every offer's coupons).
     */
    issued_today: v.nullable(int),
    issued_total: v.nullable(int),
    /** What its daily / total cap still allows; null without that cap. */
    left_today: v.nullable(int),
    left_total: v.nullable(int),
    /** A cap is full now (nothing left today, or in all). */
    cap_reached: v.boolean(),
  }),
);
export type OfferView = v.InferOutput<typeof OfferView>;

/**
 * An offer's results over a period (docs/DATA.md "Per-offer results"): vouchers issued and redeemed in it, and the bills
 * the merchant entered for its redemptions. A month's redemptions may be of vouchers issued before it.
 */
export const OfferPeriodResultsView = named(
  'OfferPeriodResults',
  v.strictObject({
    issued: int,
    redeemed: int,
    /** redeemed / issued (0.42 is 42 %); null when nothing was issued. */
    redemption_rate: v.nullable(v.number()),
    /** Rupees. */
    bill_total: v.number(),
    /** bill_total / bills_entered, to the paisa; null without a bill. */
    average_bill: v.nullable(v.number()),
    /** Redemptions with a bill entered. */
    bills_entered: int,
  }),
);
export const OfferResultsView = named(
  'OfferResults',
  v.strictObject({ this_month: OfferPeriodResultsView, all_time: OfferPeriodResultsView }),
);
export type OfferResultsView = v.InferOutput<typeof OfferResultsView>;
/** An offer with its results: My Offers and the back office's All Offers. */
export const OfferWithResultsView = named(
  'OfferWithResults',
  v.strictObject({ ...OfferView.entries, results: OfferResultsView }),
);
export type OfferWithResultsView = v.InferOutput<typeof OfferWithResultsView>;

function presentPeriod(figures: OfferPeriodFigures): v.InferOutput<typeof OfferPeriodResultsView> {
  return {
    issued: figures.issued,
    redeemed: figures.redeemed,
    redemption_rate: redemptionRate(figures),
    bill_total: Math.round(figures.billTotal * 100) / 100,
    average_bill:
      figures.billsEntered === 0 ? null : Math.round((figures.billTotal / figures.billsEntered) * 100) / 100,
    bills_entered: figures.billsEntered,
  };
}

export function presentOfferResults(results: OfferResults): OfferResultsView {
  return { this_month: presentPeriod(results.thisMonth), all_time: presentPeriod(results.allTime) };
}

/** `today` is the business-zone date that decides is_expired; the usage figures are for that day. */
export function presentOffer(row: OfferWithUsage, today: string): OfferView {
  const isExpired = row.validityTo < today;
  const caps = { totalCap: row.totalCap, dailyCap: row.dailyCap };
  const figures = capFigures(caps, row.usage);
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
    total_cap: row.totalCap,
    daily_cap: row.dailyCap,
    ...presentOfferRules(row),
    per_guest_days: row.perGuestDays,
    is_paused: row.isPaused,
    issued_today: row.usage.issuedToday,
    issued_total: row.usage.issuedTotal,
    left_today: figures.leftToday,
    left_total: figures.leftTotal,
    cap_reached: figures.capReached,
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
    /** Its rules, so the phone can tell when it can be used during the stay (shared/offer-rules.ts). */
    validity_from: isoDate,
    ...offerRuleEntries,
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
    validity_from: row.validityFrom,
    ...presentOfferRules(row),
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
