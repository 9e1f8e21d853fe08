import { eq, sql, type SQL } from 'drizzle-orm';
import { addDays } from '../../../shared/dates';
import {
  FUNNEL_FALL_DAYS,
  FUNNEL_FALL_LIMIT,
  FUNNEL_FALL_MIN_OPENS,
  FUNNEL_MEDIAN_MIN_HOTELS,
} from '../../../shared/schemas/funnel';
import { funnelDailyStats } from '../../db/derived-tables';
import type { Db } from '../../db/client';
import { foldCouponCounts } from '../../db/folded-counts';
import { rowsOf } from '../../db/rows';
import { notFound } from '../../platform/lib/errors';
import { hotels } from '../hotels/table';
import { FUNNEL_COMPACTED_THROUGH } from './funnel.compaction';
import { fallWindowsMarker, LOCATION_DAYS_THROUGH } from './funnel.summaries';
import { locations } from '../locations/table';

export const LOCATION_NOT_FOUND = 'Location not found';

export const FUNNEL_FIGURES = ['opens', 'details', 'issued', 'redeemed', 'review_taps', 'shares'] as const;

/** The funnel's figures over a range (docs/PRODUCT.md "Funnel"): sums of funnelDays' rows. */
export type FunnelFigures = Record<(typeof FUNNEL_FIGURES)[number], number>;

export type FunnelRates = Record<
  'details_rate' | 'issue_rate' | 'redeem_rate' | 'open_to_issue_rate' | 'review_tap_rate' | 'share_rate',
  number | null
>;

export interface HotelFunnel {
  hotelId: string;
  from: string;
  to: string;
  figures: FunnelFigures;
  rates: FunnelRates;
  locationHotels: number;
  median: FunnelRates | null;
}

/** Each rate: its figure and its base (the percentage is figure / base, none where the base is 0). */
const RATES: Record<keyof FunnelRates, [keyof FunnelFigures, keyof FunnelFigures]> = {
  details_rate: ['details', 'opens'],
  issue_rate: ['issued', 'details'],
  redeem_rate: ['redeemed', 'issued'],
  open_to_issue_rate: ['issued', 'opens'],
  review_tap_rate: ['review_taps', 'opens'],
  share_rate: ['shares', 'opens'],
};

export function ratesOf(figures: FunnelFigures): FunnelRates {
  const rates = {} as FunnelRates;
  for (const [name, [figure, base]] of Object.entries(RATES) as [
    keyof FunnelRates,
    [keyof FunnelFigures, keyof FunnelFigures],
  ][])
    rates[name] = figures[base] > 0 ? (100 * figures[figure]) / figures[base] : null;
  return rates;
}

/**
 * The funnel's days (docs/PRODUCT.md "Funnel"): one row per hotel, card and business day of funnel_daily_stats in
 * `from`..`to` whose hotel `hotelFilter` admits (an expression on `f.hotel_id`), summed over the shards first, with
 * no stage below the next: a scan proves its page was opened and details entered even where the page sent no event
 * (an old cached page, a blocked beacon, days before the funnel), so opens are at least details and issued, and
 * details at least issued. Every funnel figure sums these rows, so no rate passes 100 %. Days up to
 * FUNNEL_COMPACTED_THROUGH have one row per hotel and card already, so only the later ones (today's) are summed.
 * Redeemed scans are counted when folded (docs/DATA.md "Folded counts"): a reader of them calls foldCouponCounts first.
 */
export function funnelDays(from: string | SQL, to: string, hotelFilter: SQL): SQL {
  const first = typeof from === 'string' ? sql`${from}::date` : from;
  return sql`
    select f.hotel_id, f.day, greatest(f.opens, f.details, f.issued) as opens, greatest(f.details, f.issued) as details,
      f.issued, f.redeemed, f.review_taps, f.shares
    from ${funnelDailyStats} f
    where f.day between ${first} and least(${to}::date, ${FUNNEL_COMPACTED_THROUGH}) and ${hotelFilter}
    union all
    select f.hotel_id, f.day,
      greatest(sum(f.opens), sum(f.details), sum(f.issued)) as opens,
      greatest(sum(f.details), sum(f.issued)) as details,
      sum(f.issued) as issued, sum(f.redeemed) as redeemed, sum(f.review_taps) as review_taps, sum(f.shares) as shares
    from ${funnelDailyStats} f
    where f.day between greatest(${first}, ${FUNNEL_COMPACTED_THROUGH} + 1) and ${to}::date and ${hotelFilter}
    group by f.hotel_id, f.placement_id, f.day`;
}

/** The sums of funnelDays' rows `d` (in a query grouping them), as FUNNEL_FIGURES' columns. */
export const FUNNEL_SUMS = sql.raw(
  FUNNEL_FIGURES.map((name) => `coalesce(sum(d.${name}), 0)::int as ${name}`).join(', '),
);

export const figuresOf = (row: Record<string, unknown>): FunnelFigures =>
  Object.fromEntries(FUNNEL_FIGURES.map((name) => [name, Number(row[name] ?? 0)])) as FunnelFigures;

/**
 * A hotel's funnel from `from` to `to` (business days, inclusive), and the median hotel of its location: in SQL, one
 * range of the (day, hotel_id) index for the location's hotels. A median is given per rate over the hotels that have
 * its base, only where at least FUNNEL_MEDIAN_MIN_HOTELS do, so it never is one hotel's own figure.
 */
export async function hotelFunnel(db: Db, hotelId: string, from: string, to: string): Promise<HotelFunnel> {
  await foldCouponCounts(db);
  const medianOf = (figure: string, base: string) =>
    sql.raw(`case when count(*) filter (where ${base} > 0) >= ${FUNNEL_MEDIAN_MIN_HOTELS} then
      percentile_cont(0.5) within group (order by 100.0 * ${figure} / nullif(${base}, 0)) filter (where ${base} > 0)
    end`);
  const [row] = rowsOf<Record<string, number | string | null>>(
    await db.execute(sql`
      with hotel as (select id, location_id from ${hotels} where id = ${hotelId}::uuid and archived_at is null),
      peers as (
        select h.id from ${hotels} h where h.location_id = (select location_id from hotel) and h.archived_at is null
      ),
      per_hotel as (
        select d.hotel_id, ${FUNNEL_SUMS}
        from (${funnelDays(from, to, sql`f.hotel_id in (select id from peers)`)}) d
        group by d.hotel_id
      )
      select (select count(*) from hotel)::int as found, (select count(*) from peers)::int as location_hotels,
        per_hotel_own.*,
        ${sql.join(
          (Object.entries(RATES) as [string, [string, string]][]).map(
            ([name, [figure, base]]) =>
              sql`(select ${medianOf(figure, base)} from per_hotel)::float8 as ${sql.raw(`m_${name}`)}`,
          ),
          sql`, `,
        )}
      from (select 1) one left join per_hotel per_hotel_own on per_hotel_own.hotel_id = ${hotelId}::uuid`),
  );
  if (!row || !Number(row.found)) throw notFound('Hotel not found');
  const figures = figuresOf(row);
  const locationHotels = Number(row.location_hotels);
  const medians = {} as FunnelRates;
  for (const name of Object.keys(RATES) as (keyof FunnelRates)[]) {
    const value = row[`m_${name}`];
    medians[name] = value === null || value === undefined ? null : Number(value);
  }
  return {
    hotelId,
    from,
    to,
    figures,
    rates: ratesOf(figures),
    locationHotels,
    median: locationHotels >= FUNNEL_MEDIAN_MIN_HOTELS ? medians : null,
  };
}

export interface FunnelRow {
  id: string;
  name: string;
  /** Hotels (not archived) of the location; for a hotel row, whether it is archived. */
  hotels: number;
  archived: boolean;
  figures: FunnelFigures;
  rates: FunnelRates;
}

const funnelRowOf = (row: Record<string, unknown>): FunnelRow => {
  const figures = figuresOf(row);
  return {
    id: String(row.id),
    name: String(row.name),
    hotels: Number(row.hotels ?? 0),
    archived: Boolean(row.archived),
    figures,
    rates: ratesOf(figures),
  };
};

/**
 * The back office's funnel per location (docs/PRODUCT.md "Funnel"): every location, with the funnel of all its hotels
 * (their location now; archived ones' days too), by location name. The days funnel_location_days holds are read from
 * it (a row per location and day); the later ones (today's, or more while its job catches up) from each hotel's days.
 */
export async function funnelByLocation(db: Db, from: string, to: string): Promise<FunnelRow[]> {
  await foldCouponCounts(db);
  const laterDays = funnelDays(sql`greatest(${from}::date, ${LOCATION_DAYS_THROUGH} + 1)`, to, sql`true`);
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with parts as (
        select d.location_id, ${FUNNEL_SUMS} from funnel_location_days d
        where d.day between ${from}::date and least(${to}::date, ${LOCATION_DAYS_THROUGH})
        group by d.location_id
        union all
        select h.location_id, ${FUNNEL_SUMS} from (${laterDays}) d join ${hotels} h on h.id = d.hotel_id
        group by h.location_id
      ),
      per_location as (select d.location_id, ${FUNNEL_SUMS} from parts d group by d.location_id),
      counts as (
        select l.id, l.name, count(h.id) filter (where h.archived_at is null)::int as hotels
        from ${locations} l left join ${hotels} h on h.location_id = l.id
        group by l.id, l.name
      )
      select c.id, c.name, c.hotels,
        ${sql.raw(FUNNEL_FIGURES.map((name) => `coalesce(d.${name}, 0) as ${name}`).join(', '))}
      from counts c left join per_location d on d.location_id = c.id
      order by c.name, c.id`),
  );
  return rows.map(funnelRowOf);
}

/**
 * One location's funnel per hotel: its hotels not archived, and archived ones with figures in the range (so the
 * hotels add up to the location), by name. Only that location's hotels' days are read.
 */
export async function funnelByHotel(db: Db, locationId: number, from: string, to: string): Promise<FunnelRow[]> {
  await foldCouponCounts(db);
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with own as (select id from ${hotels} where location_id = ${locationId}),
      per_hotel as (
        select d.hotel_id, ${FUNNEL_SUMS}
        from (${funnelDays(from, to, sql`f.hotel_id in (select id from own)`)}) d
        group by d.hotel_id
      )
      select h.id, h.name, 1 as hotels, h.archived_at is not null as archived,
        ${sql.raw(FUNNEL_FIGURES.map((name) => `coalesce(d.${name}, 0) as ${name}`).join(', '))}
      from ${hotels} h left join per_hotel d on d.hotel_id = h.id
      where h.location_id = ${locationId} and (h.archived_at is null or d.hotel_id is not null)
      order by h.name, h.id`),
  );
  return rows.map(funnelRowOf);
}

/**
 * One location's funnel: its hotels' rows (funnelByHotel) and the location's row, their sum (they add up to it), so
 * the location's days are read once. Undefined when there is no such location.
 */
export async function locationFunnel(
  db: Db,
  locationId: number,
  from: string,
  to: string,
): Promise<{ location: FunnelRow; hotels: FunnelRow[] } | undefined> {
  const [[location], hotelRows] = await Promise.all([
    db.select({ id: locations.id, name: locations.name }).from(locations).where(eq(locations.id, locationId)),
    funnelByHotel(db, locationId, from, to),
  ]);
  if (!location) return undefined;
  const figures = Object.fromEntries(
    FUNNEL_FIGURES.map((name) => [name, hotelRows.reduce((sum, row) => sum + row.figures[name], 0)]),
  ) as FunnelFigures;
  return {
    location: {
      id: String(location.id),
      name: location.name,
      hotels: hotelRows.filter((row) => !row.archived).length,
      archived: false,
      figures,
      rates: ratesOf(figures),
    },
    hotels: hotelRows,
  };
}

export interface FallingHotel {
  hotelId: string;
  hotelName: string;
  locationId: number;
  locationName: string;
  previous: { opens: number; issued: number; rate: number };
  last: { opens: number; issued: number; rate: number };
  /** Percentage points the open-to-issue rate fell by. */
  fall: number;
}

/**
 * The hotels whose open-to-issue rate fell most (docs/PRODUCT.md "Funnel"): the last FUNNEL_FALL_DAYS business days
 * to `today` against the FUNNEL_FALL_DAYS before, hotels (not archived) with at least FUNNEL_FALL_MIN_OPENS opens in
 * each, biggest fall first, at most FUNNEL_FALL_LIMIT.
 */
export async function fallingHotels(db: Db, today: string, locationId?: number) {
  const lastFrom = addDays(today, -(FUNNEL_FALL_DAYS - 1));
  const previousFrom = addDays(lastFrom, -FUNNEL_FALL_DAYS);
  // funnel_hotel_windows holds both periods but today when made for this day (docs/DATA.md "Funnel summaries"): read
  // with today's rows, if its marker still names yesterday when the statement runs. Otherwise (from midnight to the
  // next compaction) every hotel's days. Two statements, not one with both: the unread branch's estimate alone made
  // PostgreSQL compile the query (JIT, 35 ms a view at ten seasons).
  const windowsMade = sql`exists (
    select 1 from app_settings where key = 'funnel_fall_windows' and value = ${fallWindowsMarker(addDays(today, -1))})`;
  const fromWindows = rowsOf<Record<string, unknown> & { made: boolean }>(
    await db.execute(
      fallenHotels(
        sql`
        select w.hotel_id, sum(w.previous_opens)::int as previous_opens, sum(w.previous_issued)::int as previous_issued,
          sum(w.last_opens)::int as last_opens, sum(w.last_issued)::int as last_issued
        from (
          select w.hotel_id, w.previous_opens, w.previous_issued, w.last_opens, w.last_issued
          from funnel_hotel_windows w where ${windowsMade}
          union all
          select d.hotel_id, 0, 0, d.opens, d.issued from (${funnelDays(today, today, windowsMade)}) d
        ) w
        group by w.hotel_id`,
        locationId,
        windowsMade,
      ),
    ),
  );
  const found = fromWindows[0]?.made
    ? fromWindows
    : rowsOf<Record<string, unknown>>(
        await db.execute(
          fallenHotels(
            sql`
            select d.hotel_id,
              coalesce(sum(d.opens) filter (where d.day < ${lastFrom}::date), 0)::int as previous_opens,
              coalesce(sum(d.issued) filter (where d.day < ${lastFrom}::date), 0)::int as previous_issued,
              coalesce(sum(d.opens) filter (where d.day >= ${lastFrom}::date), 0)::int as last_opens,
              coalesce(sum(d.issued) filter (where d.day >= ${lastFrom}::date), 0)::int as last_issued
            from (${funnelDays(previousFrom, today, sql`true`)}) d
            group by d.hotel_id`,
            locationId,
            sql`true`,
          ),
        ),
      );
  const rows = found.filter((row) => row.hotel_id !== null);
  return {
    previousFrom,
    previousTo: addDays(lastFrom, -1),
    lastFrom,
    lastTo: today,
    hotels: rows.map((row): FallingHotel => ({
      hotelId: String(row.hotel_id),
      hotelName: String(row.hotel_name),
      locationId: Number(row.location_id),
      locationName: String(row.location_name),
      previous: {
        opens: Number(row.previous_opens),
        issued: Number(row.previous_issued),
        rate: Number(row.previous_rate),
      },
      last: { opens: Number(row.last_opens), issued: Number(row.last_issued), rate: Number(row.last_rate) },
      fall: Number(row.fall),
    })),
  };
}

/**
 * The falling hotels (at most FUNNEL_FALL_LIMIT, biggest fall first) among `periods`' hotels (hotel_id and both
 * periods' opens and issued), with `made` (the condition `periods` relied on) on every row and on one row of nulls
 * when none fell.
 */
function fallenHotels(periods: SQL, locationId: number | undefined, made: SQL): SQL {
  return sql`
    with periods as (${periods}),
    rated as (
      select p.*, 100.0 * p.previous_issued / p.previous_opens as previous_rate,
        100.0 * p.last_issued / p.last_opens as last_rate
      from periods p
      where p.previous_opens >= ${FUNNEL_FALL_MIN_OPENS} and p.last_opens >= ${FUNNEL_FALL_MIN_OPENS}
    ),
    -- The locations' names for the list's rows only (joined to every rated hotel, a misjudged count made a nested
    -- loop of 500 locations by 1,800 hotels: 80 ms at ten seasons).
    fallen as (
      select r.*, (r.previous_rate - r.last_rate)::float8 as fall, h.name as hotel_name, h.location_id
      from rated r join ${hotels} h on h.id = r.hotel_id
      where h.archived_at is null and r.last_rate < r.previous_rate
        and ${locationId === undefined ? sql`true` : sql`h.location_id = ${locationId}`}
      order by fall desc, h.name, h.id
      limit ${FUNNEL_FALL_LIMIT}
    )
    select ${made} as made, x.* from (select 1) one
    left join lateral (
      select f.*, l.name as location_name from fallen f join ${locations} l on l.id = f.location_id
    ) x on true
    order by x.fall desc, x.hotel_name, x.hotel_id`;
}
