import type { Coupon } from '../../../shared/types';
import type { CouponRow } from './coupons.service';

export function presentCoupon(row: CouponRow): Coupon {
  return {
    id: row.id,
    coupon_code: row.code,
    merchant_name: row.merchantName,
    is_redeemed: row.isRedeemed,
    redeemed_at: row.redeemedAt ? row.redeemedAt.toISOString() : null,
    offer_name: row.offerName,
    merchant: { name: row.merchantName, merchant_type: row.merchantTypeName },
    offer: { offer_type: row.offerType, offer_value: Number(row.offerValue), offer_name: row.offerName, validity_to: row.validityTo },
  };
}
