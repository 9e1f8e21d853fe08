import { sql, type SQL } from 'drizzle-orm';
import { FUNNEL_MEDIAN_MIN_HOTELS } from '../../../shared/schemas/funnel';
import { funnelDailyStats } from '../../db/derived-tables';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { notFound } from '../../platform/lib/errors';
import { hotels } from '../hotels/table';

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
 * details at least issued. Every funnel figure sums these rows, so no rate passes 100 %.
 */
export function funnelDays(from: string, to: string, hotelFilter: SQL): SQL {
  return sql`
    select f.hotel_id, f.day,
      greatest(sum(f.opens), sum(f.details), sum(f.issued)) as opens,
      greatest(sum(f.details), sum(f.issued)) as details,
      sum(f.issued) as issued, sum(f.redeemed) as redeemed, sum(f.review_taps) as review_taps, sum(f.shares) as shares
    from ${funnelDailyStats} f
    where f.day between ${from}::date and ${to}::date and ${hotelFilter}
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
        (select ${medianOf('details', 'opens')} from per_hotel)::float8 as m_details_rate,
        (select ${medianOf('issued', 'details')} from per_hotel)::float8 as m_issue_rate,
        (select ${medianOf('redeemed', 'issued')} from per_hotel)::float8 as m_redeem_rate,
        (select ${medianOf('issued', 'opens')} from per_hotel)::float8 as m_open_to_issue_rate,
        (select ${medianOf('review_taps', 'opens')} from per_hotel)::float8 as m_review_tap_rate,
        (select ${medianOf('shares', 'opens')} from per_hotel)::float8 as m_share_rate
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
