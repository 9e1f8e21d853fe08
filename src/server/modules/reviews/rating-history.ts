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
 * A hotel's Google rating over the last 12 business months: the first and the last snapshot of each month, as
 * hotel_review_months keeps them (docs/DATA.md "Review months"): one range of its key, 12 rows at most whatever the
 * history. 404 for an unknown or archived hotel.
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
    select to_char(g.month, 'YYYY-MM') as month, m.first_rating::float8 as first_rating,
      m.last_rating::float8 as last_rating, m.last_total as total_reviews
    from generate_series(${`${months[0]}-01`}::date, ${`${months[months.length - 1]}-01`}::date, interval '1 month') g(month)
    left join hotel_review_months m on m.hotel_id = ${hotelId} and m.month = g.month::date
    order by g.month`);
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
