import * as v from 'valibot';
import { OFFER_TYPES } from '../../../shared/schemas/offers';
import { UNDO_WINDOW_MINUTES } from '../../../shared/schemas/counter';
import { clockTime, isoDate, isoDateTime, named, uuid } from '../../platform/openapi/shapes';
import { MerchantPlaceView, presentMerchantPlace, type MerchantPlaceRow } from '../offers/merchant-place';
import { hhmm, offerRuleEntriesForCoupon, presentOfferRules } from '../offers/offers.presenter';
import type { CounterRedemptionRow, CouponRow, CouponState } from './coupons.service';

/** What a coupon card shows (with the shop's place and the offer's hours); a fresh coupon is presented from the offer already in hand, without a read. */
export type CouponCard = Pick<
  CouponRow,
  | 'id'
  | 'code'
  | 'isRedeemed'
  | 'redeemedAt'
  | 'offerName'
  | 'offerType'
  | 'offerValue'
  | 'validityTo'
  | 'openingHours'
  | 'closingHours'
  | 'merchantName'
  | 'merchantTypeName'
  | 'redeemWeekdays'
  | 'blackoutDates'
  | 'minBill'
  | 'maxParty'
  | 'perGuestDays'
  | 'merchantPerGuestDays'
  | keyof MerchantPlaceRow
>;

/** A guest's coupon (docs/PRODUCT.md "API fields"), as issued and as listed. */
export const CouponView = named(
  'Coupon',
  v.strictObject({
    id: uuid,
    coupon_code: v.string(),
    merchant_name: v.string(),
    is_redeemed: v.boolean(),
    redeemed_at: v.nullable(isoDateTime),
    offer_name: v.string(),
    merchant: v.strictObject({ name: v.string(), merchant_type: v.string(), ...MerchantPlaceView.entries }),
    offer: v.strictObject({
      offer_type: v.picklist(OFFER_TYPES),
      offer_value: v.number(),
      offer_name: v.string(),
      validity_to: isoDate,
      /** 'HH:MM', the offer's hours */
      opening_hours: v.nullable(clockTime),
      closing_hours: v.nullable(clockTime),
      /** Its rules, shown offline on the voucher (per_guest_days: the offer's, else its merchant's). */
      ...offerRuleEntriesForCoupon,
    }),
  }),
);
export type CouponView = v.InferOutput<typeof CouponView>;

export function presentCoupon(row: CouponCard): CouponView {
  return {
    id: row.id,
    coupon_code: row.code,
    merchant_name: row.merchantName,
    is_redeemed: row.isRedeemed,
    redeemed_at: row.redeemedAt ? row.redeemedAt.toISOString() : null,
    offer_name: row.offerName,
    merchant: { name: row.merchantName, merchant_type: row.merchantTypeName, ...presentMerchantPlace(row) },
    offer: {
      offer_type: row.offerType,
      offer_value: Number(row.offerValue),
      offer_name: row.offerName,
      validity_to: row.validityTo,
      opening_hours: hhmm(row.openingHours),
      closing_hours: hhmm(row.closingHours),
      ...presentOfferRules(row),
    },
  };
}

/**
 * One line of "Today at this counter": the guest's first name only, and until when the merchant may still undo it
 * (null once that has passed, judged by the server's clock at answer time).
 */
export const CounterRedemptionView = named(
  'CounterRedemption',
  v.strictObject({
    coupon_code: v.string(),
    redeemed_at: isoDateTime,
    customer_first_name: v.string(),
    offer_name: v.string(),
    /** Rupees the merchant entered after redeeming, null when none. */
    bill_amount: v.nullable(v.number()),
    /** Until when the merchant may undo it (ISO); null once that has passed. */
    undo_until: v.nullable(isoDateTime),
    /** Why it was redeemed anyway, outside the offer's rules ("Redeem anyway"); null for a plain redemption. */
    override_reason: v.nullable(v.string()),
    /** The username of the login that redeemed it; null when not known (before logins were recorded) or removed. */
    redeemed_by: v.nullable(v.string()),
  }),
);
export type CounterRedemptionView = v.InferOutput<typeof CounterRedemptionView>;

/**
 * One row of the day's list as `caller` sees it: `undo_until` is when the caller may undo it, so it is null on another
 * login's redemption for a cashier, who undoes only its own (docs/SECURITY.md "Roles").
 */
export function presentCounterRedemption(
  row: CounterRedemptionRow,
  now = new Date(),
  caller?: { id: string; undoesAny: boolean },
): CounterRedemptionView {
  // An offline redemption's window counts from its arrival (docs/COUNTER.md "Without a network").
  const undoUntil = new Date(row.undoFrom.getTime() + UNDO_WINDOW_MINUTES * 60_000);
  const mayUndo = !caller || caller.undoesAny || row.redeemedById === caller.id;
  return {
    coupon_code: row.code,
    redeemed_at: row.redeemedAt.toISOString(),
    customer_first_name: row.customerName.trim().split(/\s+/)[0] ?? '',
    offer_name: row.offerName,
    bill_amount: row.billAmount,
    undo_until: mayUndo && undoUntil > now ? undoUntil.toISOString() : null,
    override_reason: row.overrideReason,
    redeemed_by: row.redeemedBy,
  };
}

/** The answer of an undo (POST /merchant/redemptions/{code}/undo, POST /coupons/{code}/undo) and of a bill amount. */
export const CouponStateView = named(
  'CouponState',
  v.strictObject({
    coupon_code: v.string(),
    is_redeemed: v.boolean(),
    redeemed_at: v.nullable(isoDateTime),
    bill_amount: v.nullable(v.number()),
  }),
);
export type CouponStateView = v.InferOutput<typeof CouponStateView>;

export function presentCouponState(state: CouponState): CouponStateView {
  return {
    coupon_code: state.code,
    is_redeemed: state.isRedeemed,
    redeemed_at: state.redeemedAt ? state.redeemedAt.toISOString() : null,
    bill_amount: state.billAmount,
  };
}
