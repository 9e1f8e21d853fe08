import type { Presented } from '../../platform/lib/presented';
import { presentCoupon, type CouponCard } from '../coupons/coupons.presenter';
import type { ScanListRow } from './customer-scans.list';
import type { Erasure } from './guest-privacy.service';

/** The guest's scan check: `refusal` is why this number cannot collect vouchers here, undefined when it can. */
export function presentScanCheck(refusal: string | undefined) {
  return refusal ? { can_scan: false, message: refusal } : { can_scan: true, message: 'You can collect your vouchers' };
}

/** POST /customer-scans: the scan and its vouchers, as issued and as a replay answers them. */
export function presentScan(scan: { id: string; coupons: CouponCard[] }) {
  return { scan_id: scan.id, coupons: scan.coupons.map(presentCoupon) };
}

/**
 * A row of the back office's Customer Scans list (docs/PRODUCT.md "API fields" Customer scan, plus the hotel's
 * location); merchant_id / merchant_name are the first coupon's (null without coupons). Paged: X-Total-Count has the
 * filtered total.
 */
export function presentScanListItem(row: ScanListRow) {
  const first = row.coupons[0];
  return {
    id: row.id,
    customer_name: row.customerName,
    mobile_number: row.mobileNumber,
    /** 'YYYY-MM-DD' */
    checkout_date: row.checkoutDate,
    /** ISO timestamp */
    scan_date: row.scanDate.toISOString(),
    hotel_id: row.hotelId,
    hotel_name: row.hotelName,
    location_id: row.locationId,
    location_name: row.locationName,
    merchant_id: first?.merchantId ?? null,
    merchant_name: first?.merchantName ?? null,
    coupons: row.coupons.map((coupon) => ({
      id: coupon.id,
      coupon_code: coupon.code,
      merchant_id: coupon.merchantId,
      merchant_name: coupon.merchantName,
      offer_name: coupon.offerName,
      is_redeemed: coupon.isRedeemed,
      redeemed_at: coupon.redeemedAt ? coupon.redeemedAt.toISOString() : null,
    })),
  };
}

/** POST /customer-scans/erase answer. */
export const presentErasure = (erasure: Erasure) => ({
  scans_anonymised: erasure.scans,
  vouchers_cancelled: erasure.vouchersCancelled,
});

export type ScanCheckView = Presented<typeof presentScanCheck>;
export type ScanView = Presented<typeof presentScan>;
export type ScanListItemView = Presented<typeof presentScanListItem>;
export type ErasureView = Presented<typeof presentErasure>;
