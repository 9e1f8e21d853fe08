import { sql } from 'drizzle-orm';
import { type IsoMonth } from '../../../shared/dates';
import type { MonthlyRevenueQuery } from '../../../shared/schemas/reports';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { rupees } from '../../platform/lib/business-time';

/**
 * Month-wise Revenue Report: subscription payments (docs/PRODUCT.md "Subscriptions and revenue") summed by the month
 * they were paid in the business time zone and by the hotel's location. Archived hotels count: the money was received.
 * Read from the location_monthly_revenue rollup (docs/DATA.md: kept by triggers, bucketed in the stored business time
 * zone, which the server keeps equal to APP_TIMEZONE), one row per location and month whatever the number of payments.
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

/** Months that have payments, newest first. */
export async function monthsWithRevenue(db: Db): Promise<IsoMonth[]> {
  const result = await db.execute(sql`
    select to_char(month, 'YYYY-MM') as month from location_monthly_revenue
    group by month having sum(payments) > 0 order by month desc`);
  return rowsOf<{ month: string }>(result).map((r) => r.month);
}

/**
 * The report for [from, to] (months, inclusive). Without both, the latest 6 months that have payments; with only
 * one, the other end is the newest (to) or oldest (from) month with payments.
 */
export async function monthlyRevenue(db: Db, query: MonthlyRevenueQuery): Promise<MonthlyRevenue> {
  const [months, locationRows] = await Promise.all([
    monthsWithRevenue(db),
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
    select to_char(r.month, 'YYYY-MM') as month, l.name as location, sum(r.amount)::float8 as amount
    from location_monthly_revenue r
    join locations l on l.id = r.location_id
    where r.month >= ${`${from}-01`}::date and r.month <= ${`${to}-01`}::date and r.payments > 0
    group by r.month, l.id, l.name
    order by r.month desc`);
  const rows: MonthlyRevenue['rows'] = [];
  for (const r of rowsOf<{ month: string; location: string; amount: number }>(result)) {
    let row = rows[rows.length - 1];
    if (!row || row.month !== r.month) rows.push((row = { month: r.month, byLocation: new Map() }));
    row.byLocation.set(r.location, rupees(r.amount));
  }
  return { months, from, to, locations, rows };
}
