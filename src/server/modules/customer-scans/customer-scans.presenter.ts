import * as v from 'valibot';
import { int, isoDate, isoDateTime, named, uuid } from '../../platform/openapi/shapes';
import { CouponView, presentCoupon, type CouponCard } from '../coupons/coupons.presenter';
import type { ScanListRow } from './customer-scans.list';
import type { Erasure } from './guest-privacy.service';

/** The guest's scan check: whether this number may collect vouchers here, and why not. */
export const ScanCheckView = named('ScanCheck', v.strictObject({ can_scan: v.boolean(), message: v.string() }));
export type ScanCheckView = v.InferOutput<typeof ScanCheckView>;

/** `refusal` is why this number cannot collect vouchers here, undefined when it can. */
export function presentScanCheck(refusal: string | undefined): ScanCheckView {
  return refusal ? { can_scan: false, message: refusal } : { can_scan: true, message: 'You can collect your vouchers' };
}

/**
 * POST /customer-scans: the scan and its vouchers, as issued and as a replay answers them. `guest_token` is the stay's
 * signed vouchers link token (docs/PRODUCT.md "Reminders"): the vouchers screen keeps it to subscribe to Web Push.
 */
export const ScanView = named(
  'Scan',
  v.strictObject({ scan_id: uuid, coupons: v.array(CouponView), guest_token: v.string() }),
);
export type ScanView = v.InferOutput<typeof ScanView>;

export function presentScan(scan: { id: string; coupons: CouponCard[] }, guestToken: string): ScanView {
  return { scan_id: scan.id, coupons: scan.coupons.map(presentCoupon), guest_token: guestToken };
}

/**
 * A row of the back office's Customer Scans list (docs/PRODUCT.md "API fields" Customer scan, plus the hotel's
 * location); merchant_id / merchant_name are the first coupon's (null without coupons). Paged: X-Total-Count has the
 * filtered total.
 */
export const ScanListItemView = named(
  'CustomerScanListItem',
  v.strictObject({
    id: uuid,
    customer_name: v.string(),
    mobile_number: v.string(),
    /** 'YYYY-MM-DD' */
    checkout_date: isoDate,
    /** ISO timestamp */
    scan_date: isoDateTime,
    hotel_id: uuid,
    hotel_name: v.string(),
    location_id: int,
    location_name: v.string(),
    merchant_id: v.nullable(uuid),
    merchant_name: v.nullable(v.string()),
    /** The placement whose card the guest scanned ("Room 101"); null through the hotel's old link. */
    placement_id: v.nullable(uuid),
    placement_label: v.nullable(v.string()),
    coupons: v.array(
      v.strictObject({
        id: uuid,
        coupon_code: v.string(),
        merchant_id: uuid,
        merchant_name: v.string(),
        offer_name: v.string(),
        is_redeemed: v.boolean(),
        redeemed_at: v.nullable(isoDateTime),
        /** Why it was redeemed anyway, outside its offer's rules (docs/COUNTER.md); null for a plain redemption. */
        override_reason: v.nullable(v.string()),
        /** The username of the merchant login that redeemed it; null when not known or since removed. */
        redeemed_by: v.nullable(v.string()),
      }),
    ),
  }),
);
export type ScanListItemView = v.InferOutput<typeof ScanListItemView>;

export function presentScanListItem(row: ScanListRow): ScanListItemView {
  const first = row.coupons[0];
  return {
    id: row.id,
    customer_name: row.customerName,
    mobile_number: row.mobileNumber,
    checkout_date: row.checkoutDate,
    scan_date: row.scanDate.toISOString(),
    hotel_id: row.hotelId,
    hotel_name: row.hotelName,
    location_id: row.locationId,
    location_name: row.locationName,
    merchant_id: first?.merchantId ?? null,
    merchant_name: first?.merchantName ?? null,
    placement_id: row.placementId,
    placement_label: row.placementLabel,
    coupons: row.coupons.map((coupon) => ({
      id: coupon.id,
      coupon_code: coupon.code,
      merchant_id: coupon.merchantId,
      merchant_name: coupon.merchantName,
      offer_name: coupon.offerName,
      is_redeemed: coupon.isRedeemed,
      redeemed_at: coupon.redeemedAt ? coupon.redeemedAt.toISOString() : null,
      override_reason: coupon.overrideReason,
      redeemed_by: coupon.redeemedBy,
    })),
  };
}

/** POST /customer-scans/erase answer (docs/PRIVACY.md). */
export const ErasureView = named('GuestErasure', v.strictObject({ scans_anonymised: int, vouchers_cancelled: int }));
export type ErasureView = v.InferOutput<typeof ErasureView>;

export const presentErasure = (erasure: Erasure): ErasureView => ({
  scans_anonymised: erasure.scans,
  vouchers_cancelled: erasure.vouchersCancelled,
});
