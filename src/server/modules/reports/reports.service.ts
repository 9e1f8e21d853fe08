import { sql } from 'drizzle-orm';
import { addMonthsToMonth, type IsoMonth } from '../../../shared/dates';
import type { MonthlyRevenueQuery } from '../../../shared/schemas/insight';
import type { Db } from '../../db/client';
import { rowsOf, rupees, startOfDay } from '../../lib/business-time';

/**
 * Month-wise Revenue Report: subscription payments (DESIGN §5) summed in SQL by the month they were paid in
 * the business time zone and by the hotel's location. Archived hotels count: the money was received.
 */

export const DEFAULT_REPORT_MONTHS = 6;

export interface MonthlyRevenue {
  /** Months with payments, newest first. */
  months: IsoMonth[];
  from: IsoMonth | null;
  to: IsoMonth | null;
  /** Every location, sorted by name: one column each. */
  locations: string[];
  /** Per month of the range that has payments (newest first): amount per location name. */
  rows: { month: IsoMonth; byLocation: Map<string, number> }[];
}

const paidMonth = (timeZone: string) =>
  sql`to_char(date_trunc('month', sp.paid_at at time zone ${timeZone}), 'YYYY-MM')`;

/** Months that have payments, newest first. */
export async function monthsWithRevenue(db: Db, timeZone: string): Promise<IsoMonth[]> {
  const result = await db.execute(sql`
    select distinct ${paidMonth(timeZone)} as month from subscription_periods sp order by 1 desc`);
  return rowsOf<{ month: string }>(result).map((r) => r.month);
}

/**
 * The report for [from, to] (months, inclusive). Without both, the latest 6 months that have payments; with only
 * one, the other end is the newest (to) or oldest (from) month with payments.
 */
export async function monthlyRevenue(db: Db, timeZone: string, query: MonthlyRevenueQuery): Promise<MonthlyRevenue> {
  const [months, locationRows] = await Promise.all([
    monthsWithRevenue(db, timeZone),
    db.execute(sql`select name from locations order by lower(name), id`),
  ]);
  const locations = rowsOf<{ name: string }>(locationRows).map((r) => r.name);
  if (months.length === 0 && !query.from && !query.to) return { months, from: null, to: null, locations, rows: [] };

  const newest = months[0];
  const oldest = months[months.length - 1];
  let from = query.from;
  let to = query.to;
  if (!from && !to) {
    to = newest!;
    from = months[Math.min(DEFAULT_REPORT_MONTHS, months.length) - 1]!;
  }
  to ??= newest && newest > from! ? newest : from!;
  from ??= oldest && oldest < to ? oldest : to;

  const result = await db.execute(sql`
    select ${paidMonth(timeZone)} as month, l.name as location, sum(sp.amount)::float8 as amount
    from subscription_periods sp
    join hotels h on h.id = sp.hotel_id
    join locations l on l.id = h.location_id
    where sp.paid_at >= ${startOfDay(`${from}-01`, timeZone)} and sp.paid_at < ${startOfDay(`${addMonthsToMonth(to, 1)}-01`, timeZone)}
    group by 1, l.id, l.name
    order by 1 desc`);
  const rows: MonthlyRevenue['rows'] = [];
  for (const r of rowsOf<{ month: string; location: string; amount: number }>(result)) {
    let row = rows[rows.length - 1];
    if (!row || row.month !== r.month) rows.push((row = { month: r.month, byLocation: new Map() }));
    row.byLocation.set(r.location, rupees(r.amount));
  }
  return { months, from, to, locations, rows };
}
