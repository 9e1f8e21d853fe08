import { sql, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { todayIn } from '../../../shared/dates';
import type { ScanCursor } from '../../../shared/scan-cursor';
import { CustomerScanExportQuerySchema, type CustomerScanExportQuery } from '../../../shared/schemas/customer-scans';
import type { AppDeps, AppEnv } from '../../platform/context';
import type { Db } from '../../db/client';
import { exactUtc } from '../../platform/lib/business-time';
import { rowsOf } from '../../db/rows';
import {
  csvResponse,
  keysetBatches,
  rangeFileName,
  shownDate,
  shownDateTime,
  type CsvColumn,
} from '../../platform/lib/csv';
import { requireRole } from '../../platform/middleware/require-role';
import { validate } from '../../platform/middleware/validate';
import { answersCsv } from '../../platform/openapi/describe';
import { auditContext } from '../audit/audit-context';
import { recordAudit } from '../audit/audit.service';
import { inLocation, merchantCondition, scanFilters } from './customer-scans.list';

/** Scans read per statement: about half a megabyte of CSV. */
export const EXPORT_BATCH = 2000;

/** One line of the file: a coupon with its scan's fields (a scan without coupons has one line of its own). */
interface ExportLine {
  scan_date: string;
  customer_name: string;
  mobile_number: string;
  checkout_date: string;
  hotel_name: string;
  location_name: string;
  placement: string | null;
  merchant_name: string | null;
  offer_name: string | null;
  code: string | null;
  is_redeemed: boolean | null;
  redeemed_at: string | null;
}

const COLUMNS: CsvColumn<ExportLine>[] = [
  { header: 'Scan Date', cell: (r) => r.scan_date },
  { header: 'Customer Name', cell: (r) => r.customer_name },
  { header: 'Mobile', cell: (r) => r.mobile_number },
  { header: 'Check Out Date', cell: (r) => r.checkout_date },
  { header: 'Hotel Name', cell: (r) => r.hotel_name },
  { header: 'Location', cell: (r) => r.location_name },
  { header: 'Placement', cell: (r) => r.placement },
  { header: 'Merchant Name', cell: (r) => r.merchant_name },
  { header: 'Offer', cell: (r) => r.offer_name },
  { header: 'Coupon Code', cell: (r) => r.code },
  { header: 'Status', cell: (r) => (r.code === null ? 'No coupon' : r.is_redeemed ? 'Redeemed' : 'Pending') },
  { header: 'Redeemed At', cell: (r) => r.redeemed_at },
];

/** The list's filters (customer-scans.list.ts) as conditions on customer_scans s. */
async function exportConditions(db: Db, query: CustomerScanExportQuery, timeZone: string): Promise<SQL[]> {
  const conditions = scanFilters(query, timeZone);
  if (query.location_id) conditions.push(inLocation(query.location_id));
  if (query.merchant_id) conditions.push((await merchantCondition(db, query.merchant_id)).condition);
  return conditions;
}

/**
 * A batch of scans, newest first, after the cursor: the scans' own columns. With at most dates and a hotel the walk
 * down the (scan_date, id) or (hotel_id, scan_date, id) index reads each scan's row as it goes (the rows of a day
 * lie together, as scans arrive in date order). A location, merchant or search filter rejects most scans of the walk,
 * so the walk stays on the index and only the batch's scans are read, by primary key.
 */
function batchOfScans(query: CustomerScanExportQuery, where: SQL[]): SQL {
  const conditions = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const columns = sql`s.id, s.scan_date, s.customer_name, s.mobile_number, s.checkout_date, s.hotel_id, s.placement_id`;
  const newest = sql`order by s.scan_date desc, s.id desc limit ${EXPORT_BATCH}`;
  if (!query.location_id && !query.merchant_id && !query.search)
    return sql`select ${columns} from customer_scans s ${conditions} ${newest}`;
  return sql`
    select ${columns} from (select s.id from customer_scans s ${conditions} ${newest}) p
    join customer_scans s on s.id = p.id`;
}

/**
 * Every scan matching the filters, newest first, as batches of lines: keyset batches (docs/DATA.md "The Customer
 * Scans list"), each one statement that also reads the batch's coupons. The dates are written once per scan, before
 * the scan meets its coupons (OFFSET 0 keeps that subquery apart): to_char is a good part of the statement's time.
 * The next batch starts after the batch's last scan (its key written once, in the text a cursor takes).
 */
export async function* customerScanLines(
  db: Db,
  query: CustomerScanExportQuery,
  timeZone: string,
): AsyncGenerator<ExportLine[]> {
  const conditions = await exportConditions(db, query, timeZone);
  yield* keysetBatches<ExportLine, ScanCursor>(async (after) => {
    const where = after
      ? [...conditions, sql`(s.scan_date, s.id) < (${after.at}::timestamptz, ${after.id}::uuid)`]
      : conditions;
    const lines = rowsOf<ExportLine & { scan_id: string; last_scan: string }>(
      await db.execute(sql`
        with batch as materialized (${batchOfScans(query, where)})
        select scan.scan_id, scan.scan_date, scan.customer_name, scan.mobile_number, scan.checkout_date,
          scan.hotel_name, scan.location_name, scan.placement, m.name as merchant_name, o.offer_name, c.code, c.is_redeemed,
          ${shownDateTime(sql`c.redeemed_at`, timeZone)} as redeemed_at,
          (select ${exactUtc(sql`b.scan_date`)} || ' ' || b.id from batch b
            order by b.scan_date, b.id limit 1) as last_scan
        from (
          select b.id as scan_id, b.scan_date as sort_at, ${shownDateTime(sql`b.scan_date`, timeZone)} as scan_date,
            b.customer_name, b.mobile_number, ${shownDate(sql`b.checkout_date`)} as checkout_date,
            h.name as hotel_name, l.name as location_name, pl.label as placement
          from batch b
          join hotels h on h.id = b.hotel_id
          join locations l on l.id = h.location_id
          left join placements pl on pl.id = b.placement_id
          offset 0
        ) scan
        left join coupons c on c.scan_id = scan.scan_id
        left join merchants m on m.id = c.merchant_id
        left join offers o on o.id = c.offer_id
        order by scan.sort_at desc, scan.scan_id desc, c.created_at, c.code`),
    );
    const [at, id] = lines[0]?.last_scan.split(' ') ?? [];
    const full = scansIn(lines) === EXPORT_BATCH;
    return { rows: lines, next: full && at && id ? { at, id } : undefined };
  });
}

/** How many scans a batch's lines hold: a scan's lines are next to each other. */
function scansIn(lines: { scan_id: string }[]): number {
  return lines.reduce((count, line, i) => (i > 0 && lines[i - 1]!.scan_id === line.scan_id ? count : count + 1), 0);
}

/**
 * GET /customer-scans/export: the Customer Scans list's filters, every matching scan (no paging), as CSV; the
 * back office, as the list. Recorded in the audit trail with its filters.
 */
export function customerScanExportRoutes({ db, config }: AppDeps) {
  return new Hono<AppEnv>().get(
    '/export',
    answersCsv(),
    requireRole('backOffice'),
    validate('query', CustomerScanExportQuerySchema),
    async (c) => {
      const query = c.req.valid('query');
      const fileName = rangeFileName('customer-scans', query.date_from, query.date_to, todayIn(config.timeZone));
      await recordAudit(db, auditContext(c, config), {
        action: 'export.customer_scans',
        entity: 'export',
        after: { file: fileName, filters: query },
      });
      return csvResponse(c, fileName, COLUMNS, customerScanLines(db, query, config.timeZone));
    },
  );
}
