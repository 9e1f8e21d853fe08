import { and, eq, isNull, sql } from 'drizzle-orm';
import { lastMonths, monthOf } from '../../../shared/dates';
import type { Db } from '../../db/client';
import { hotels } from '../hotels/table';
import { businessCalendar } from '../../platform/lib/business-time';
import { rowsOf } from '../../db/rows';
import { notFound } from '../../platform/lib/errors';
import { HOTEL_MISSING } from './reviews.service';

export const RATING_MONTHS = 12;

export interface RatingHistory {
  hotelId: string;
  hotelName: string;
  /** Oldest first, this business month last; every month present. */
  months: { month: string; firstRating: number | null; lastRating: number | null; totalReviews: number | null }[];
}

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/**
 * A hotel's Google rating over the last 12 business months: the first and the last snapshot of each month, two
 * seeks each on review_snapshots_hotel_time_idx (hotel_id, fetched_at), so 24 seeks whatever the history.
 * 404 for an unknown or archived hotel.
 */
export async function ratingHistory(
  db: Db,
  timeZone: string,
  hotelId: string,
  now = new Date(),
): Promise<RatingHistory> {
  const [hotel] = await db
    .select({ id: hotels.id, name: hotels.name })
    .from(hotels)
    .where(and(eq(hotels.id, hotelId), isNull(hotels.archivedAt)));
  if (!hotel) throw notFound(HOTEL_MISSING);
  const months = lastMonths(monthOf(businessCalendar(timeZone, now).today), RATING_MONTHS).reverse();
  const result = await db.execute(sql`
    with m as (
      select g.month, (g.month::timestamp at time zone ${timeZone}) as starts,
        ((g.month + interval '1 month')::timestamp at time zone ${timeZone}) as ends
      from generate_series(${`${months[0]}-01`}::date, ${`${months[months.length - 1]}-01`}::date, interval '1 month') g(month)
    )
    select to_char(m.month, 'YYYY-MM') as month, f.rating::float8 as first_rating, l.rating::float8 as last_rating,
      l.total_reviews
    from m
    left join lateral (
      select s.rating from review_snapshots s where s.hotel_id = ${hotelId} and s.fetched_at >= m.starts
        and s.fetched_at < m.ends order by s.fetched_at asc, s.id asc limit 1
    ) f on true
    left join lateral (
      select s.rating, s.total_reviews from review_snapshots s where s.hotel_id = ${hotelId} and s.fetched_at >= m.starts
        and s.fetched_at < m.ends order by s.fetched_at desc, s.id desc limit 1
    ) l on true
    order by m.month`);
  return {
    hotelId: hotel.id,
    hotelName: hotel.name,
    months: rowsOf<Record<string, unknown>>(result).map((row) => ({
      month: String(row.month),
      firstRating: num(row.first_rating),
      lastRating: num(row.last_rating),
      totalReviews: num(row.total_reviews),
    })),
  };
}
