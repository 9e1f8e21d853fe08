import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { PHONE_LENGTH } from '../../../shared/constants';
import { addDays } from '../../../shared/dates';
import { encodeScanCursor } from '../../../shared/scan-cursor';
import type { CustomerScanListQuery } from '../../../shared/schemas/insight';
import { SCAN_PAGE_DEFAULT } from '../../../shared/schemas/insight';
import type { Db } from '../../db/client';
import { coupons, merchants, offers } from '../../db/schema';
import { rowsOf, startOfDay } from '../../lib/business-time';

/**
 * The super admin's Customer Scans list (SPEC §2) at a season's size (about a million scans, docs/DATA.md):
 * newest first, paged by a keyset cursor (or limit/offset for the first 10,000 rows), with an exact total.
 * Every plan reads about a page of rows or the rows that match, never all history:
 *
 * - Total: date, location and hotel filters are summed from the per-hotel rollups; a merchant alone is counted
 *   from its coupons; anything with a search is counted through the search's index.
 * - Page: a walk down an index of (scan_date, id), of (hotel_id, scan_date, id), or of each of a location's
 *   hotels, that stops after a page; a search, or a merchant with few coupons, finds its scans through an index
 *   first and sorts them.
 */

export interface ScanListCoupon {
  id: string;
  scanId: string;
  code: string;
  merchantId: string;
  merchantName: string;
  offerName: string;
  isRedeemed: boolean;
  redeemedAt: Date | null;
}

export interface ScanListRow {
  id: string;
  customerName: string;
  mobileNumber: string;
  checkoutDate: string;
  scanDate: Date;
  hotelId: string;
  hotelName: string;
  locationId: number;
  locationName: string;
  coupons: ScanListCoupon[];
}

export interface ScanListPage {
  total: number;
  rows: ScanListRow[];
  /** The cursor of the rows after this page; undefined on the last page. */
  nextCursor: string | undefined;
}

/**
 * Below this many coupons a merchant's scans are looked up one by one and sorted; from it on, a walk down the
 * date index meets a page of them sooner (the merchant is in about 1 scan in 500 or more).
 */
export const FEW_COUPONS = 2000;

/** LIKE pattern that matches `text` literally anywhere (%, _ and \ in the search are not wildcards). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * A search of digits (spaces and dashes ignored) looks in mobile numbers: a whole number by equality on the
 * btree index, a part of one (the last 4 digits, say) with the trigram index. Anything else looks in names.
 */
function searchCondition(term: string): SQL {
  const digits = term.replace(/[\s-]/g, '');
  if (/^\d+$/.test(digits)) {
    // Mobiles are exactly PHONE_LENGTH digits, so a term that long is contained only in an equal number.
    return digits.length >= PHONE_LENGTH ? sql`s.mobile_number = ${digits}` : sql`s.mobile_number like ${containing(digits)}`;
  }
  return sql`s.customer_name ilike ${containing(term)}`;
}

const NEWEST = (alias: string) => sql.raw(`${alias}.scan_date desc, ${alias}.id desc`);
const where = (conditions: SQL[]) => (conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``);
const merchantScans = (merchantId: string) => sql`(select scan_id from coupons where merchant_id = ${merchantId})`;

export async function listCustomerScans(db: Db, query: CustomerScanListQuery, timeZone: string): Promise<ScanListPage> {
  const limit = query.limit ?? SCAN_PAGE_DEFAULT;
  const offset = query.offset ?? 0;
  // One row more than the page tells whether another page follows.
  const take = limit + 1;

  // Conditions on customer_scans s; the location and the merchant are placed per query below.
  const base: SQL[] = [];
  if (query.date_from) base.push(sql`s.scan_date >= ${startOfDay(query.date_from, timeZone)}`);
  if (query.date_to) base.push(sql`s.scan_date < ${startOfDay(addDays(query.date_to, 1), timeZone)}`);
  if (query.hotel_id) base.push(sql`s.hotel_id = ${query.hotel_id}`);
  if (query.search) base.push(searchCondition(query.search));
  const inLocation = query.location_id ? sql`s.hotel_id in (select id from hotels where location_id = ${query.location_id})` : undefined;
  const located = inLocation ? [...base, inLocation] : base;

  const countQuery = (): SQL => {
    if (!query.search && !query.merchant_id) return rollupTotal(query);
    if (query.merchant_id && base.length === 0 && !inLocation) {
      return sql`select count(distinct scan_id) as total from coupons where merchant_id = ${query.merchant_id}`;
    }
    // The planner joins the merchant's coupons with the index range of the other filters, or probes its scans.
    const merchant = query.merchant_id ? [sql`s.id in ${merchantScans(query.merchant_id)}`] : [];
    return sql`select count(*) as total from customer_scans s ${where([...located, ...merchant])}`;
  };

  const pageQuery = async (): Promise<SQL> => {
    // Newest first; the row comparison is one range on the (…, scan_date, id) indexes.
    const cursor = query.cursor ? [sql`(s.scan_date, s.id) < (${query.cursor.at}::timestamptz, ${query.cursor.id}::uuid)`] : [];
    const plain = (extra: SQL[]) => sql`
      select s.id from customer_scans s ${where([...located, ...extra, ...cursor])}
      order by ${NEWEST('s')} limit ${take} offset ${offset}`;
    let member: SQL | undefined;
    if (query.merchant_id) {
      if (query.search) return plain([sql`s.id in ${merchantScans(query.merchant_id)}`]);
      const [stats] = rowsOf<{ coupons: number }>(
        await db.execute(sql`select coupons from merchant_stats where merchant_id = ${query.merchant_id}`),
      );
      // Few coupons: look their scans up by primary key (`= any(array(…))` keeps the planner from walking).
      if (Number(stats?.coupons ?? 0) < FEW_COUPONS) return plain([sql`s.id = any(array${merchantScans(query.merchant_id)})`]);
      // Many: walk, checking each scan against the merchant's scans hashed once ("is not false" keeps the
      // check a hashed filter on the index's id instead of a join).
      member = sql`(s.id in ${merchantScans(query.merchant_id)}) is not false`;
    }
    if (query.search || !query.location_id || query.hotel_id) return plain(member ? [member] : []);
    // A location's newest scans: the newest of each of its hotels (an index range each), merged.
    return sql`
      select x.id, x.scan_date from hotels h
      cross join lateral (
        select s.id, s.scan_date from customer_scans s ${where([sql`s.hotel_id = h.id`, ...base, ...(member ? [member] : []), ...cursor])}
        order by ${NEWEST('s')} limit ${offset + take}) x
      where h.location_id = ${query.location_id}
      order by ${NEWEST('x')} limit ${take} offset ${offset}`;
  };

  const [counted, rows] = await Promise.all([
    db.execute(countQuery()),
    pageQuery().then((ids) => db.execute(details(sql`(${ids})`))),
  ]);
  const total = Number(rowsOf<{ total: unknown }>(counted)[0]?.total ?? 0);
  let page = rowsOf<PageRow>(rows);
  const more = page.length > limit;
  if (more) page = page.slice(0, limit);
  const last = page[page.length - 1];
  return {
    total,
    rows: await withCoupons(db, page),
    nextCursor: more && last ? encodeScanCursor({ at: last.scan_at, id: last.id }) : undefined,
  };
}

interface PageRow {
  id: string;
  customer_name: string;
  mobile_number: string;
  checkout_date: string;
  /** scan_date in UTC to the microsecond, for the cursor. */
  scan_at: string;
  hotel_id: string;
  hotel_name: string;
  location_id: number;
  location_name: string;
}

/** The listed fields of the scans whose ids `page` holds, newest first. */
function details(page: SQL): SQL {
  return sql`
    select s.id, s.customer_name, s.mobile_number, s.checkout_date::text as checkout_date,
      to_char(s.scan_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as scan_at,
      s.hotel_id, h.name as hotel_name, l.id as location_id, l.name as location_name
    from ${page} p
    join customer_scans s on s.id = p.id
    join hotels h on h.id = s.hotel_id
    join locations l on l.id = h.location_id
    order by ${NEWEST('s')}`;
}

/**
 * The exact number of scans for date, location and hotel filters, from the rollups kept by triggers
 * (docs/DATA.md): hotel_stats for all time, hotel_daily_stats (business days, as the date filters) for a range.
 */
function rollupTotal(query: CustomerScanListQuery): SQL {
  const from = query.date_from;
  const to = query.date_to;
  const dated = Boolean(from || to);
  const days = (alias: string) =>
    [from && sql`${sql.raw(alias)}.day >= ${from}::date`, to && sql`${sql.raw(alias)}.day <= ${to}::date`].filter((c): c is SQL => Boolean(c));

  if (query.hotel_id || query.location_id) {
    const hotelsIn = [
      query.hotel_id && sql`h.id = ${query.hotel_id}`,
      query.location_id && sql`h.location_id = ${query.location_id}`,
    ].filter((c): c is SQL => Boolean(c));
    if (!dated) {
      return sql`select coalesce(sum(st.scans), 0) as total from hotels h join hotel_stats st on st.hotel_id = h.id ${where(hotelsIn)}`;
    }
    // One primary-key range (hotel_id, day) per hotel.
    return sql`
      select coalesce(sum(x.n), 0) as total from hotels h
      cross join lateral (select sum(d.scans) as n from hotel_daily_stats d ${where([sql`d.hotel_id = h.id`, ...days('d')])}) x
      ${where(hotelsIn)}`;
  }
  if (!dated) return sql`select coalesce(sum(scans), 0) as total from hotel_stats`;
  // Every hotel over a range of days: sum the days inside the range, or, when the range holds most of the
  // history, the all-time total less the days outside it, whichever reads fewer rows.
  const outside = [from && sql`d.day < ${from}::date`, to && sql`d.day > ${to}::date`].filter((c): c is SQL => Boolean(c));
  return sql`
    with span as (select min(day) as lo, max(day) as hi from hotel_daily_stats)
    select case
      when (select least(hi, coalesce(${to ?? null}::date, hi)) - greatest(lo, coalesce(${from ?? null}::date, lo)) from span) * 2
           <= (select hi - lo from span)
        then (select coalesce(sum(d.scans), 0) from hotel_daily_stats d ${where(days('d'))})
      else (select coalesce(sum(scans), 0) from hotel_stats)
         - (select coalesce(sum(d.scans), 0) from hotel_daily_stats d where ${sql.join(outside, sql` or `)})
    end as total`;
}

/** The page's rows with their coupons (all of them, whatever the merchant filter), in one query. */
async function withCoupons(db: Db, page: PageRow[]): Promise<ScanListRow[]> {
  const byScan = new Map<string, ScanListCoupon[]>();
  if (page.length > 0) {
    const couponRows = await db
      .select({
        id: coupons.id,
        scanId: coupons.scanId,
        code: coupons.code,
        merchantId: coupons.merchantId,
        merchantName: merchants.name,
        offerName: offers.offerName,
        isRedeemed: coupons.isRedeemed,
        redeemedAt: coupons.redeemedAt,
      })
      .from(coupons)
      .innerJoin(merchants, eq(merchants.id, coupons.merchantId))
      .innerJoin(offers, eq(offers.id, coupons.offerId))
      .where(inArray(coupons.scanId, page.map((scan) => scan.id)))
      .orderBy(asc(coupons.createdAt), asc(coupons.code));
    for (const coupon of couponRows) {
      const list = byScan.get(coupon.scanId);
      if (list) list.push(coupon);
      else byScan.set(coupon.scanId, [coupon]);
    }
  }
  return page.map((scan) => ({
    id: scan.id,
    customerName: scan.customer_name,
    mobileNumber: scan.mobile_number,
    checkoutDate: scan.checkout_date,
    scanDate: new Date(scan.scan_at),
    hotelId: scan.hotel_id,
    hotelName: scan.hotel_name,
    locationId: Number(scan.location_id),
    locationName: scan.location_name,
    coupons: byScan.get(scan.id) ?? [],
  }));
}
