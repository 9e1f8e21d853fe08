import { UNDO_WINDOW_MINUTES } from '../../../shared/schemas/counter';
import type { Coupon, CounterRedemption, CouponRedemptionState } from '../../../shared/types';
import type { CounterRedemptionRow, CouponRow, CouponState } from './coupons.service';

/** What a coupon card shows; a fresh coupon is presented from the offer already in hand, without a read. */
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
  | 'merchantName'
  | 'merchantTypeName'
>;

export function presentCoupon(row: CouponCard): Coupon {
  return {
    id: row.id,
    coupon_code: row.code,
    merchant_name: row.merchantName,
    is_redeemed: row.isRedeemed,
    redeemed_at: row.redeemedAt ? row.redeemedAt.toISOString() : null,
    offer_name: row.offerName,
    merchant: { name: row.merchantName, merchant_type: row.merchantTypeName },
    offer: {
      offer_type: row.offerType,
      offer_value: Number(row.offerValue),
      offer_name: row.offerName,
      validity_to: row.validityTo,
    },
  };
}

/**
 * One line of "Today at this counter": the guest's first name only, and until when the merchant may still undo it
 * (null once that has passed, judged by the server's clock at answer time).
 */
export function presentCounterRedemption(row: CounterRedemptionRow, now = new Date()): CounterRedemption {
  const undoUntil = new Date(row.redeemedAt.getTime() + UNDO_WINDOW_MINUTES * 60_000);
  return {
    coupon_code: row.code,
    redeemed_at: row.redeemedAt.toISOString(),
    customer_first_name: row.customerName.trim().split(/\s+/)[0] ?? '',
    offer_name: row.offerName,
    bill_amount: row.billAmount,
    undo_until: undoUntil > now ? undoUntil.toISOString() : null,
  };
}

export function presentCouponState(state: CouponState): CouponRedemptionState {
  return {
    coupon_code: state.code,
    is_redeemed: state.isRedeemed,
    redeemed_at: state.redeemedAt ? state.redeemedAt.toISOString() : null,
    bill_amount: state.billAmount,
  };
}
