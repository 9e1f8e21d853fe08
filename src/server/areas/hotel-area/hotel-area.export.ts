import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { addDays } from '../../../shared/dates';
import { maskMobile } from '../../../shared/privacy';
import type { ScanCursor } from '../../../shared/scan-cursor';
import { HotelCustomersExportQuerySchema, type HotelCustomersExportQuery } from '../../../shared/schemas/hotel-area';
import type { AppDeps, AppEnv } from '../../platform/context';
import type { Db } from '../../db/client';
import { exactUtc, startOfDay } from '../../platform/lib/business-time';
import { rowsOf } from '../../db/rows';
import { cursorAfterFull, keysetBatches, shownDate, shownDateTime, type CsvColumn } from '../../platform/lib/csv';
import { currentUser } from '../../platform/middleware/require-role';
import { answersCsv } from '../../platform/openapi/describe';
import { areaExportHandlers } from '../../modules/audit/audited-handlers';
import { ownHotelId } from './hotel-area.service';

const BATCH = 2000;

interface GuestLine {
  id: string;
  scan_at: string;
  scan_date: string;
  customer_name: string;
  mobile_number: string;
  anonymised: boolean;
  checkout_date: string;
  collected: number;
  redeemed: number;
}

/** The hotel's Customers columns; the mobile masked as on screen, none once anonymised (docs/PRIVACY.md). */
const COLUMNS: CsvColumn<GuestLine>[] = [
  { header: 'Scan Date', cell: (r) => r.scan_date },
  { header: 'Guest Name', cell: (r) => r.customer_name },
  { header: 'Mobile', cell: (r) => (r.anonymised ? null : maskMobile(r.mobile_number)) },
  { header: 'Check Out', cell: (r) => r.checkout_date },
  { header: 'Vouchers', cell: (r) => Number(r.collected) },
  { header: 'Redeemed', cell: (r) => Number(r.redeemed) },
];

/** The hotel's scans in the dates, newest first, in keyset batches down (hotel_id, scan_date, id). */
async function* guestLines(db: Db, hotelId: string, query: HotelCustomersExportQuery, timeZone: string) {
  yield* keysetBatches<GuestLine, ScanCursor>(async (after) => {
    const lines = rowsOf<GuestLine>(
      await db.execute(sql`
        select p.id, ${exactUtc(sql`p.scan_date`)} as scan_at,
          ${shownDateTime(sql`p.scan_date`, timeZone)} as scan_date, p.customer_name, p.mobile_number,
          p.anonymised_at is not null as anonymised, ${shownDate(sql`p.checkout_date`)} as checkout_date,
          c.collected, c.redeemed
        from (
          select s.id, s.scan_date, s.customer_name, s.mobile_number, s.anonymised_at, s.checkout_date
          from customer_scans s
          where s.hotel_id = ${hotelId}
            ${query.from ? sql`and s.scan_date >= ${startOfDay(query.from, timeZone)}` : sql``}
            ${query.to ? sql`and s.scan_date < ${startOfDay(addDays(query.to, 1), timeZone)}` : sql``}
            ${after ? sql`and (s.scan_date, s.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
          order by s.scan_date desc, s.id desc limit ${BATCH}
        ) p
        cross join lateral (
          select count(*)::int as collected, (count(*) filter (where is_redeemed))::int as redeemed
          from coupons where scan_id = p.id
        ) c
        order by p.scan_date desc, p.id desc`),
    );
    return { rows: lines, next: cursorAfterFull(lines, BATCH, (last) => ({ at: last.scan_at, id: last.id })) };
  });
}

/** GET /hotel/customers/export?from=&to=: the caller's own hotel's guests as CSV (a hotel login only). */
export function hotelExportAreaRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get(
    '/customers/export',
    answersCsv(),
    ...areaExportHandlers(deps, 'hotelArea', HotelCustomersExportQuerySchema, {
      owner: (c) => ownHotelId(currentUser(c).hotelId),
      action: 'export.hotel_customers',
      prefix: 'guests',
      columns: COLUMNS,
      lines: guestLines,
    }),
  );
}
