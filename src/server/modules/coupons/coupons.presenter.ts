import type { Coupon } from '../../../shared/types';
import type { CouponRow } from './coupons.service';

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
