import { Hono } from 'hono';
import { CustomerScanListQuerySchema } from '../../../shared/schemas/customer-scans';
import type { CustomerScanListItem } from '../../../shared/types';
import type { AppDeps, AppEnv } from '../../context';
import { requireRole } from '../../middleware/require-role';
import { validate } from '../../middleware/validate';
import { listCustomerScans, type ScanListRow } from './customer-scans.list';

function presentScan(row: ScanListRow): CustomerScanListItem {
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

/**
 * GET /customer-scans: the back office's list of all scans (the guest calls on this path are in
 * customer-scans.routes.ts). Filters and paging (`cursor`, or `limit`/`offset`) as query parameters;
 * X-Total-Count is the filtered total, X-Next-Cursor (absent on the last page) the `cursor` of the next page.
 */
export function customerScanAdminRoutes({ db, config }: AppDeps) {
  return new Hono<AppEnv>().get(
    '/',
    requireRole('backOffice'),
    validate('query', CustomerScanListQuerySchema),
    async (c) => {
      const { total, rows, nextCursor } = await listCustomerScans(db, c.req.valid('query'), config.timeZone);
      c.header('X-Total-Count', String(total));
      if (nextCursor) c.header('X-Next-Cursor', nextCursor);
      c.header('Access-Control-Expose-Headers', 'X-Total-Count, X-Next-Cursor');
      return c.json(rows.map(presentScan));
    },
  );
}
