import { sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { addDays, addMonths, todayIn, type IsoDate } from '../../../shared/dates';

/**
 * "Today", "this month" and "this year" in the business time zone (APP_TIMEZONE), and the SQL for the instant
 * such a day starts. Queries compare timestamps with these instants (`paid_at >= <start>`), so an index on the
 * timestamp still serves them; grouping by day or month uses `AT TIME ZONE` on the column instead.
 */
export interface BusinessCalendar {
  timeZone: string;
  today: IsoDate;
  tomorrow: IsoDate;
  monthStart: IsoDate;
  nextMonthStart: IsoDate;
  yearStart: IsoDate;
  nextYearStart: IsoDate;
}

export function businessCalendar(timeZone: string, now: Date = new Date()): BusinessCalendar {
  const today = todayIn(timeZone, now);
  const monthStart = `${today.slice(0, 7)}-01`;
  const yearStart = `${today.slice(0, 4)}-01-01`;
  return {
    timeZone,
    today,
    tomorrow: addDays(today, 1),
    monthStart,
    nextMonthStart: addMonths(monthStart, 1),
    yearStart,
    nextYearStart: addMonths(yearStart, 12),
  };
}

/** The instant (timestamptz) at which the business day `date` begins in `timeZone` (values, placeholders or SQL). */
export const startOfDay = (date: IsoDate | Placeholder | SQL, timeZone: string | Placeholder | SQL): SQL =>
  sql`(${date}::date::timestamp at time zone ${timeZone})`;

/**
 * A timestamptz as UTC text to the microsecond ("2026-11-23T04:05:06.123456Z"), the form a keyset cursor carries:
 * a JS Date keeps only milliseconds, so a cursor made from one would skip or repeat rows at the page's edge.
 */
export const exactUtc = (column: SQLWrapper): SQL<string> =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A timestamptz from a raw query (a Date, or text on some drivers) as an ISO string. */
export function isoTimestamp(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(typeof value === 'string' ? value : Number.NaN);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Money from SQL (sum(...)::float8) rounded to paise. */
export const rupees = (value: unknown): number => Math.round(Number(value ?? 0) * 100) / 100;
