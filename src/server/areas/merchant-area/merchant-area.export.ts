import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { addDays, todayIn } from '../../../shared/dates';
import type { KeysetCursor } from '../../../shared/keyset-cursor';
import { maskMobile } from '../../../shared/privacy';
import { MyCustomersExportQuerySchema, type MyCustomersExportQuery } from '../../../shared/schemas/merchant-area';
import type { AppDeps, AppEnv } from '../../platform/context';
import type { Db } from '../../db/client';
import { exactUtc, startOfDay } from '../../platform/lib/business-time';
import { rowsOf } from '../../db/rows';
import { cursorAfterFull, keysetBatches, shownDate, shownDateTime, type CsvColumn } from '../../platform/lib/csv';
import { currentUser } from '../../platform/middleware/require-role';
import { answersCsv } from '../../platform/openapi/describe';
import { areaExportHandlers } from '../../modules/audit/audited-handlers';
import { OFFER_RESULTS_COLUMNS, offerResultLines } from '../../modules/offers/offer-results.export';
import { ownMerchant } from './merchant-area.service';

const BATCH = 2000;

interface VoucherLine {
  id: string;
  redeemed_utc: string;
  scan_date: string;
  customer_name: string;
  mobile_number: string;
  checkout_date: string;
  code: string;
  offer_name: string;
  redeemed_at: string;
  bill_amount: string | number | null;
  override_reason: string | null;
}

/** My Customers' columns, a line per redeemed voucher; the mobile masked as on screen (docs/PRIVACY.md). */
const COLUMNS: CsvColumn<VoucherLine>[] = [
  { header: 'Scan Date', cell: (r) => r.scan_date },
  { header: 'Customer Name', cell: (r) => r.customer_name },
  { header: 'Mobile', cell: (r) => maskMobile(r.mobile_number) },
  { header: 'Check Out Date', cell: (r) => r.checkout_date },
  { header: 'Voucher Code', cell: (r) => r.code },
  { header: 'Offer', cell: (r) => r.offer_name },
  { header: 'Redeemed At', cell: (r) => r.redeemed_at },
  { header: 'Bill', cell: (r) => (r.bill_amount === null ? null : Number(r.bill_amount)) },
  // "Redeem anyway" (docs/COUNTER.md): why it was redeemed outside its offer's rules; empty for a plain redemption.
  { header: 'Redeemed Anyway', cell: (r) => r.override_reason },
];

/**
 * The merchant's redeemed vouchers in the dates (business days of the redemption, To inclusive), newest first, in
 * keyset batches down the coupons (merchant_id, redeemed_at) index.
 */
async function* voucherLines(db: Db, merchantId: string, query: MyCustomersExportQuery, timeZone: string) {
  yield* keysetBatches<VoucherLine, KeysetCursor<string>>(async (after) => {
    const lines = rowsOf<VoucherLine>(
      await db.execute(sql`
        select c.id, ${exactUtc(sql`c.redeemed_at`)} as redeemed_utc,
          ${shownDate(sql`s.scan_date at time zone ${timeZone}`)} as scan_date, s.customer_name, s.mobile_number,
          ${shownDate(sql`s.checkout_date`)} as checkout_date, c.code, o.offer_name,
          ${shownDateTime(sql`c.redeemed_at`, timeZone)} as redeemed_at, c.bill_amount, c.override_reason
        from coupons c
        join customer_scans s on s.id = c.scan_id
        join offers o on o.id = c.offer_id
        where c.merchant_id = ${merchantId} and c.is_redeemed and c.redeemed_at is not null
          ${query.from ? sql`and c.redeemed_at >= ${startOfDay(query.from, timeZone)}` : sql``}
          ${query.to ? sql`and c.redeemed_at < ${startOfDay(addDays(query.to, 1), timeZone)}` : sql``}
          ${after ? sql`and (c.redeemed_at, c.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
        order by c.redeemed_at desc, c.id desc limit ${BATCH}`),
    );
    return { rows: lines, next: cursorAfterFull(lines, BATCH, (last) => ({ at: last.redeemed_utc, id: last.id })) };
  });
}

/** GET /merchant/my-customers/export?from=&to=: the caller's own My Customers as CSV (a merchant login only). */
export function merchantExportRoutes(deps: AppDeps) {
  return (
    new Hono<AppEnv>()
      .get(
        '/my-customers/export',
        answersCsv(),
        ...areaExportHandlers(deps, 'merchantArea', MyCustomersExportQuerySchema, {
          owner: async (c) => (await ownMerchant(deps.db, currentUser(c).merchantId)).id,
          action: 'export.my_customers',
          prefix: 'my-customers',
          columns: COLUMNS,
          lines: voucherLines,
        }),
      )
      // GET /merchant/my-offers/export: its own offers' results as CSV (docs/DATA.md "Per-offer results"), as My
      // Offers shows them; the file is named for the business day it was made.
      .get(
        '/my-offers/export',
        answersCsv(),
        ...areaExportHandlers(deps, 'merchantArea', v.object({}), {
          owner: async (c) => (await ownMerchant(deps.db, currentUser(c).merchantId)).id,
          action: 'export.offer_results',
          prefix: 'my-offer-results',
          columns: OFFER_RESULTS_COLUMNS,
          lines: async function* (db, merchantId, _query, timeZone) {
            yield await offerResultLines(db, { today: todayIn(timeZone), timeZone }, { merchantId });
          },
        }),
      )
  );
}
