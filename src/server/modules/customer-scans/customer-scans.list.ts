import { sql, type SQL } from 'drizzle-orm';
import { loginName } from '../users/login-name';
import { PHONE_LENGTH } from '../../../shared/constants';
import { addDays } from '../../../shared/dates';
import { encodeScanCursor } from '../../../shared/scan-cursor';
import type { CustomerScanListQuery } from '../../../shared/schemas/customer-scans';
import { SCAN_PAGE_DEFAULT } from '../../../shared/schemas/customer-scans';
import type { Db } from '../../db/client';
import { foldCouponCounts } from '../../db/folded-counts';
import { exactUtc, startOfDay } from '../../platform/lib/business-time';
import { likeContaining } from '../../platform/lib/like';
import { rowsOf } from '../../db/rows';

/**
 * The super admin's Customer Scans list (docs/PRODUCT.md "Screens") at a season's size (about a million scans,
 * docs/DATA.md): newest first, paged by a keyset cursor (or limit/offset for the first 10,000 rows), with an exact
 * total. Every plan reads about a page of rows or the rows that match, never all history:
 *
 * - A search: its index (trigram, or btree for a whole mobile) finds the matches; one statement counts them
 *   and sorts out the page.
 * - Otherwise the total is summed from the rollups (date, location, hotel) or counted from the merchant's
 *   coupons, and the page is a walk down an index of (scan_date, id), of (hotel_id, scan_date, id) or of each of
 *   a location's hotels that stops after a page; a merchant with few coupons has its scans looked up instead, and
 *   so has a busy one when a walk of WALK_PER_COUPON entries a coupon finds less than a page.
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
  /** Redeemed anyway, outside the offer's rules, and why (docs/COUNTER.md); null otherwise. */
  overrideReason: string | null;
  /** The username of the login that redeemed it; null when not known or since removed. */
  redeemedBy: string | null;
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
  /** The placement whose card the guest scanned (docs/PRODUCT.md "Guest trust"); null through the old link. */
  placementId: string | null;
  placementLabel: string | null;
  coupons: ScanListCoupon[];
}

export interface ScanListPage {
  total: number;
  rows: ScanListRow[];
  /** The cursor of the rows after this page; undefined on the last page. */
  nextCursor: string | undefined;
}

/**
 * Below this many coupons a merchant's scans are looked up one by one; from it on, checking the scans of a walk
 * or an index range against them is cheaper (the merchant is in about 1 scan in 500 or more).
 */
export const FEW_COUPONS = 2000;
/** An index entry checked against a hashed set costs about an eighth of a primary-key lookup (EXPLAIN ANALYZE). */
const RANGE_PER_COUPON = 8;
/**
 * How far the newest-first walk goes for a busy merchant's page before its scans are looked up by id instead: 24
 * entries of customer_scans_date_id_idx a coupon. Measured on the bench merchant (about 21,000 coupons): a walked
 * entry costs 0.14 µs at scale 10 (0.19 at scale 1), looking one of its scans up 6.2 µs (3.5): the bound keeps a
 * merchant whose guests stopped long ago within about twice the lookup, where its walk would read all newer history.
 */
export const WALK_PER_COUPON = 24;

/**
 * A search of digits (spaces and dashes ignored) looks in mobile numbers: a whole number by equality on the
 * btree index, a part of one (the last 4 digits, say) with the trigram index. Anything else looks in names.
 *
 * `rowByRow`: another filter already narrows the scans to one hotel's or card's (an index range of at most some
 * thousands), so the term is checked on those rows, not looked up in the trigram index: at ten seasons a name's
 * trigrams are lists of millions of entries (65 ms to intersect), where checking a hotel's month costs a few.
 */
export function searchCondition(term: string, rowByRow = false): SQL {
  const digits = term.replace(/[\s-]/g, '');
  // coalesce() of a column that is never null is the column, but no index of it: the planner cannot pick one.
  const column = (name: string) => sql.raw(rowByRow ? `coalesce(s.${name}, '')` : `s.${name}`);
  if (/^\d+$/.test(digits)) {
    // Mobiles are exactly PHONE_LENGTH digits, so a term that long is contained only in an equal number.
    return digits.length >= PHONE_LENGTH
      ? sql`s.mobile_number = ${digits}`
      : sql`${column('mobile_number')} like ${likeContaining(digits)}`;
  }
  return sql`${column('customer_name')} ilike ${likeContaining(term)}`;
}

/** The list's date (business days, To inclusive), hotel and search filters as conditions on customer_scans s. */
export function scanFilters(
  query: Pick<CustomerScanListQuery, 'date_from' | 'date_to' | 'hotel_id' | 'search' | 'placement_id'>,
  timeZone: string,
): SQL[] {
  const conditions: SQL[] = [];
  if (query.date_from) conditions.push(sql`s.scan_date >= ${startOfDay(query.date_from, timeZone)}`);
  if (query.date_to) conditions.push(sql`s.scan_date < ${startOfDay(addDays(query.date_to, 1), timeZone)}`);
  if (query.hotel_id) conditions.push(sql`s.hotel_id = ${query.hotel_id}`);
  // One card's scans: customer_scans_placement_date_idx (docs/PRODUCT.md "Guest trust").
  if (query.placement_id) conditions.push(sql`s.placement_id = ${query.placement_id}`);
  if (query.search) conditions.push(searchCondition(query.search, Boolean(query.hotel_id || query.placement_id)));
  return conditions;
}

/** The scan is at one of the location's hotels. */
export const inLocation = (locationId: number): SQL =>
  sql`s.hotel_id in (select id from hotels where location_id = ${locationId})`;

const NEWEST = (alias: string) => sql.raw(`${alias}.scan_date desc, ${alias}.id desc`);
const where = (conditions: SQL[]) => (conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``);
const merchantScans = (merchantId: string) => sql`(select scan_id from coupons where merchant_id = ${merchantId})`;

/**
 * "The scan has a coupon of the merchant", written for its size (merchant_stats): a few coupons drive the query,
 * their scans looked up by primary key (`= any(array(…))` keeps the planner from walking); many are hashed once
 * and checked against each scan of the other filters' index range or walk ("is not false" keeps it a hashed
 * filter on the index's id, where a semi-join would probe the coupons once per scan).
 */
export async function merchantCondition(
  db: Db,
  merchantId: string,
): Promise<{ condition: SQL; few: boolean; coupons: number; probe: SQL; lookup: SQL }> {
  const [stats] = rowsOf<{ coupons: number }>(
    await db.execute(
      sql`select coalesce(sum(coupons), 0)::int as coupons from merchant_stats where merchant_id = ${merchantId}`,
    ),
  );
  const coupons = Number(stats?.coupons ?? 0);
  const few = coupons < FEW_COUPONS;
  // Its scans looked up by primary key (`= any(array(…))` keeps the planner from walking).
  const lookup = sql`s.id = any(array${merchantScans(merchantId)})`;
  return {
    few,
    coupons,
    lookup,
    condition: few ? lookup : sql`(s.id in ${merchantScans(merchantId)}) is not false`,
    // For a search's matches (some thousands at most): a look into each one's coupons (coupons_scan_idx) costs less
    // than hashing every coupon of a busy merchant (21,000 at scale 1: 69 ms at ten seasons, for two matches).
    probe: sql`exists (select 1 from coupons c where c.scan_id = s.id and c.merchant_id = ${merchantId})`,
  };
}

export async function listCustomerScans(db: Db, query: CustomerScanListQuery, timeZone: string): Promise<ScanListPage> {
  const limit = query.limit ?? SCAN_PAGE_DEFAULT;
  const offset = query.offset ?? 0;
  // One row more than the page tells whether another page follows.
  const take = limit + 1;

  // Conditions on customer_scans s; the location and the merchant are placed per query below.
  const base = scanFilters(query, timeZone);
  const located = query.location_id ? [...base, inLocation(query.location_id)] : base;

  // Newest first; the row comparison is one range on the (…, scan_date, id) indexes.
  const after = (alias: string) =>
    query.cursor
      ? [
          sql`(${sql.raw(alias)}.scan_date, ${sql.raw(alias)}.id) < (${query.cursor.at}::timestamptz, ${query.cursor.id}::uuid)`,
        ]
      : [];
  const byMerchant = query.merchant_id ? await merchantCondition(db, query.merchant_id) : undefined;
  const merchant = byMerchant ? [byMerchant.condition] : [];

  let total: number;
  let rows: PageRow[];
  if (query.search) {
    // The search's index (trigram or mobile) finds the matches once: count them and take the page from them.
    const ofMerchant = byMerchant ? [byMerchant.few ? byMerchant.condition : byMerchant.probe] : [];
    const result = rowsOf<PageRow & { total: number }>(
      await db.execute(sql`
        with matches as materialized (select s.id, s.scan_date from customer_scans s ${where([...located, ...ofMerchant])}),
        page as (select m.id from matches m ${where(after('m'))} order by ${NEWEST('m')} limit ${take} offset ${offset})
        select (select count(*) from matches) as total, d.*
        from (select 1) one left join lateral (${details(sql`page`)}) d on true
        order by d.scan_at desc, d.id desc`),
    );
    total = Number(result[0]?.total ?? 0);
    rows = result.filter((row) => row.id !== null);
  } else {
    // The total and the page are two statements, each on its own index.
    let count: SQL;
    // One card's scans are few (its daily limit a day): counted on its index.
    if (query.placement_id)
      count = sql`select count(*) as total from customer_scans s ${where([...located, ...merchant])}`;
    else if (!byMerchant) {
      // The rollups count every scan made up to now once folded (docs/DATA.md "Folded counts").
      await foldCouponCounts(db);
      count = rollupTotal(query);
    } else if (located.length === 0)
      count = sql`select count(distinct scan_id) as total from coupons where merchant_id = ${query.merchant_id}`;
    else if (byMerchant.few)
      count = sql`select count(*) as total from customer_scans s ${where([...located, ...merchant])}`;
    else {
      // Many coupons and other filters: check the scans in the filters' index range against the merchant's,
      // unless the rollups say that range is so large that looking the merchant's scans up costs less.
      const inRange =
        query.location_id && !query.hotel_id
          ? sql`select coalesce(sum(x.n), 0) from hotels h cross join lateral (
            select count(*) as n from customer_scans s ${where([sql`s.hotel_id = h.id`, ...base, byMerchant.condition])}) x
            where h.location_id = ${query.location_id}`
          : sql`select count(*) from customer_scans s ${where([...located, byMerchant.condition])}`;
      count = sql`
        select case when (${rollupTotal(query)}) <= ${RANGE_PER_COUPON * byMerchant.coupons} then (${inRange})
          else (select count(*) from customer_scans s ${where([...located, byMerchant.lookup])})
        end as total`;
    }

    // The page's ids: the newest rows of customer_scans s meeting `conditions`.
    const newestPage = (conditions: SQL[]) => sql`
      select s.id from customer_scans s ${where([...conditions, ...after('s')])}
      order by ${NEWEST('s')} limit ${take} offset ${offset}`;
    let ids = newestPage([...located, ...merchant]);
    // A busy merchant's scans among the other filters' range: the walk checks at most WALK_PER_COUPON entries per
    // coupon, then its scans are looked up instead (below, when the walk falls short of a page).
    const walkBound = byMerchant && !byMerchant.few && !query.location_id ? WALK_PER_COUPON * byMerchant.coupons : 0;
    if (walkBound) {
      ids = sql`
        select s.id from (
          select s.id, s.scan_date from customer_scans s ${where([...base, ...after('s')])}
          order by ${NEWEST('s')} limit ${walkBound}) s
        where ${byMerchant!.condition}
        order by ${NEWEST('s')} limit ${take} offset ${offset}`;
    }
    if (query.location_id && !query.hotel_id && !byMerchant?.few) {
      // A location's newest scans: the newest of each of its hotels (an index range each), merged.
      ids = sql`
        select x.id, x.scan_date from hotels h
        cross join lateral (
          select s.id, s.scan_date from customer_scans s ${where([sql`s.hotel_id = h.id`, ...base, ...merchant, ...after('s')])}
          order by ${NEWEST('s')} limit ${offset + take}) x
        where h.location_id = ${query.location_id}
        order by ${NEWEST('x')} limit ${take} offset ${offset}`;
    }
    const [counted, paged] = await Promise.all([db.execute(count), db.execute(details(sql`(${ids})`))]);
    total = Number(rowsOf<{ total: unknown }>(counted)[0]?.total ?? 0);
    rows = rowsOf<PageRow>(paged);
    if (walkBound && rows.length < take) {
      // Short of a page: the merchant's next scans lie deeper (one gone quiet while others scan on) or the list ends
      // here. Its scans looked up by id answer both exactly.
      rows = rowsOf<PageRow>(await db.execute(details(sql`(${newestPage([...base, byMerchant!.lookup])})`)));
    }
  }

  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page[page.length - 1];
  return {
    total,
    rows: page.map(toRow),
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
  placement_id: string | null;
  placement_label: string | null;
  coupons: CouponJson[] | string | null;
}

/** The listed fields of the scans whose ids `page` holds, with their coupons (a few index lookups each), newest first. */
function details(page: SQL): SQL {
  return sql`
    select s.id, s.customer_name, s.mobile_number, s.checkout_date::text as checkout_date,
      ${exactUtc(sql`s.scan_date`)} as scan_at,
      s.hotel_id, h.name as hotel_name, l.id as location_id, l.name as location_name,
      s.placement_id, (select pl.label from placements pl where pl.id = s.placement_id) as placement_label,
      (select json_agg(json_build_object(
          'id', c.id, 'code', c.code, 'merchant_id', c.merchant_id, 'merchant_name', m.name, 'offer_name', o.offer_name,
          'is_redeemed', c.is_redeemed, 'override_reason', c.override_reason,
          'redeemed_by', ${loginName(sql`c.redeemed_by`)},
          'redeemed_at', to_char(c.redeemed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
        order by c.created_at, c.code)
        from coupons c join merchants m on m.id = c.merchant_id join offers o on o.id = c.offer_id
        where c.scan_id = s.id) as coupons
    from ${page} p
    join customer_scans s on s.id = p.id
    join hotels h on h.id = s.hotel_id
    join locations l on l.id = h.location_id
    order by ${NEWEST('s')}`;
}

/**
 * The exact number of scans for date, location and hotel filters, from the rollups (folded first where it is shown)
 * (docs/DATA.md): hotel_stats for all time; for a range of business days (the days the date filters mean),
 * hotel_daily_stats for a hotel and location_daily_stats otherwise, a row per day at most for one of them.
 */
function rollupTotal(query: CustomerScanListQuery): SQL {
  const { date_from: from, date_to: to, hotel_id: hotelId, location_id: locationId } = query;
  const days = [from && sql`d.day >= ${from}::date`, to && sql`d.day <= ${to}::date`].filter((c): c is SQL =>
    Boolean(c),
  );
  const hotelInLocation = locationId ? [sql`h.location_id = ${locationId}`] : [];

  if (hotelId) {
    return days.length
      ? sql`select coalesce(sum(d.scans), 0) as total from hotel_daily_stats d join hotels h on h.id = d.hotel_id
            ${where([sql`d.hotel_id = ${hotelId}`, ...hotelInLocation, ...days])}`
      : sql`select coalesce(sum(st.scans), 0) as total from hotel_stats st join hotels h on h.id = st.hotel_id
            ${where([sql`st.hotel_id = ${hotelId}`, ...hotelInLocation])}`;
  }
  if (locationId) {
    return days.length
      ? sql`select coalesce(sum(d.scans), 0) as total from location_daily_stats d ${where([sql`d.location_id = ${locationId}`, ...days])}`
      : sql`select coalesce(sum(st.scans), 0) as total from hotels h join hotel_stats st on st.hotel_id = h.id ${where(hotelInLocation)}`;
  }
  if (!days.length) return sql`select coalesce(sum(scans), 0) as total from hotel_stats`;
  // Every location over a range of days: sum the days inside the range or, when the range holds most of the
  // history, the all-time total less the days outside it, whichever reads fewer rows.
  const outside = [from && sql`d.day < ${from}::date`, to && sql`d.day > ${to}::date`].filter((c): c is SQL =>
    Boolean(c),
  );
  return sql`
    with span as (select min(day) as lo, max(day) as hi from location_daily_stats)
    select case
      when (select least(hi, coalesce(${to ?? null}::date, hi)) - greatest(lo, coalesce(${from ?? null}::date, lo)) from span) * 2
           <= (select hi - lo from span)
        then (select coalesce(sum(d.scans), 0) from location_daily_stats d ${where(days)})
      else (select coalesce(sum(scans), 0) from hotel_stats)
         - (select coalesce(sum(d.scans), 0) from location_daily_stats d where ${sql.join(outside, sql` or `)})
    end as total`;
}

interface CouponJson {
  id: string;
  code: string;
  merchant_id: string;
  merchant_name: string;
  offer_name: string;
  is_redeemed: boolean;
  redeemed_at: string | null;
  override_reason: string | null;
  redeemed_by: string | null;
}

function toRow(scan: PageRow): ScanListRow {
  // json_agg gives null for a scan without coupons; PGlite may hand json over as text.
  const coupons: CouponJson[] =
    typeof scan.coupons === 'string' ? (JSON.parse(scan.coupons) as CouponJson[]) : (scan.coupons ?? []);
  return {
    id: scan.id,
    customerName: scan.customer_name,
    mobileNumber: scan.mobile_number,
    checkoutDate: scan.checkout_date,
    scanDate: new Date(scan.scan_at),
    hotelId: scan.hotel_id,
    hotelName: scan.hotel_name,
    locationId: Number(scan.location_id),
    locationName: scan.location_name,
    placementId: scan.placement_id,
    placementLabel: scan.placement_label,
    coupons: coupons.map((c) => ({
      id: c.id,
      scanId: scan.id,
      code: c.code,
      merchantId: c.merchant_id,
      merchantName: c.merchant_name,
      offerName: c.offer_name,
      isRedeemed: c.is_redeemed,
      redeemedAt: c.redeemed_at ? new Date(c.redeemed_at) : null,
      overrideReason: c.override_reason,
      redeemedBy: c.redeemed_by,
    })),
  };
}
