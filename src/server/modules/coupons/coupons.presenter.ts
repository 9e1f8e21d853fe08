import { UNDO_WINDOW_MINUTES } from '../../../shared/schemas/counter';
import type { Presented } from '../../platform/lib/presented';
import { presentMerchantPlace, type MerchantPlaceRow } from '../offers/merchant-place';
import { hhmm } from '../offers/offers.presenter';
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
  | keyof MerchantPlaceRow
>;

/** A guest's coupon (docs/PRODUCT.md "API fields"), as issued and as listed. */
export function presentCoupon(row: CouponCard) {
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
      /** 'HH:MM', the offer's hours */
      opening_hours: hhmm(row.openingHours),
      closing_hours: hhmm(row.closingHours),
    },
  };
}

/**
 * One line of "Today at this counter": the guest's first name only, and until when the merchant may still undo it
 * (null once that has passed, judged by the server's clock at answer time).
 */
export function presentCounterRedemption(row: CounterRedemptionRow, now = new Date()) {
  const undoUntil = new Date(row.redeemedAt.getTime() + UNDO_WINDOW_MINUTES * 60_000);
  return {
    coupon_code: row.code,
    redeemed_at: row.redeemedAt.toISOString(),
    customer_first_name: row.customerName.trim().split(/\s+/)[0] ?? '',
    offer_name: row.offerName,
    /** Rupees the merchant entered after redeeming, null when none. */
    bill_amount: row.billAmount,
    /** Until when the merchant may undo it (ISO); null once that has passed. */
    undo_until: undoUntil > now ? undoUntil.toISOString() : null,
  };
}

/** The answer of an undo (POST /merchant/redemptions/{code}/undo, POST /coupons/{code}/undo) and of a bill amount. */
export function presentCouponState(state: CouponState) {
  return {
    coupon_code: state.code,
    is_redeemed: state.isRedeemed,
    redeemed_at: state.redeemedAt ? state.redeemedAt.toISOString() : null,
    bill_amount: state.billAmount,
  };
}

export type CouponView = Presented<typeof presentCoupon>;
export type CounterRedemptionView = Presented<typeof presentCounterRedemption>;
export type CouponStateView = Presented<typeof presentCouponState>;
