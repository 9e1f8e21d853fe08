import * as v from 'valibot';
import { VOUCHER_STATES, voucherState } from '../../../shared/voucher-state';
import { isoDate, isoDateTime, named, uuid } from '../../platform/openapi/shapes';
import type { GuestData } from './guest-privacy.service';

/**
 * GET /my-data (docs/PRIVACY.md "My data"): what StayPerks holds about the proven number, and nothing about anyone
 * else: its scans (hotel, dates, the name given, the consents) and their vouchers with their state.
 */
export const MyDataView = named(
  'MyData',
  v.strictObject({
    mobile_number: v.string(),
    scans: v.array(
      v.strictObject({
        scan_id: uuid,
        hotel_name: v.string(),
        customer_name: v.string(),
        scan_date: isoDateTime,
        checkout_date: isoDate,
        /** The privacy notice version agreed to (null before consent was asked) and when. */
        consent_version: v.nullable(v.string()),
        consented_at: v.nullable(isoDateTime),
        marketing_opt_in: v.boolean(),
        /** The reminders box was ticked; when the guest stopped the messages since (null while they may come). */
        reminders_opt_in: v.boolean(),
        reminders_stopped_at: v.nullable(isoDateTime),
        /** The number was proven with a code when the scan was made. */
        verified: v.boolean(),
        vouchers: v.array(
          v.strictObject({
            coupon_code: v.string(),
            offer_name: v.string(),
            merchant_name: v.string(),
            valid_until: isoDate,
            state: v.picklist(VOUCHER_STATES),
            redeemed_at: v.nullable(isoDateTime),
          }),
        ),
      }),
    ),
  }),
);
export type MyDataView = v.InferOutput<typeof MyDataView>;

/** GET /my-data/export: the same, with when it was made (a download the guest keeps). */
export const MyDataExportView = named(
  'MyDataExport',
  v.strictObject({ exported_at: isoDateTime, ...MyDataView.entries }),
);
export type MyDataExportView = v.InferOutput<typeof MyDataExportView>;

export function presentMyData(mobile: string, data: GuestData, today: string): MyDataView {
  return {
    mobile_number: mobile,
    scans: data.map((scan) => ({
      scan_id: scan.id,
      hotel_name: scan.hotelName,
      customer_name: scan.customerName,
      scan_date: scan.scanDate.toISOString(),
      checkout_date: scan.checkoutDate,
      consent_version: scan.consentVersion,
      consented_at: scan.consentedAt ? scan.consentedAt.toISOString() : null,
      marketing_opt_in: scan.marketingOptIn,
      reminders_opt_in: scan.remindersOptIn,
      reminders_stopped_at: scan.remindersOptedOutAt ? scan.remindersOptedOutAt.toISOString() : null,
      verified: scan.verified,
      vouchers: scan.vouchers.map((voucher) => ({
        coupon_code: voucher.code,
        offer_name: voucher.offerName,
        merchant_name: voucher.merchantName,
        valid_until: voucher.validityTo,
        state: voucherState(
          { isRedeemed: voucher.isRedeemed, cancelled: voucher.cancelledAt !== null, validityTo: voucher.validityTo },
          today,
        ),
        redeemed_at: voucher.redeemedAt ? voucher.redeemedAt.toISOString() : null,
      })),
    })),
  };
}
