import * as v from 'valibot';
import { isoMonth, named } from '../../platform/openapi/shapes';
import type { MonthlyRevenue } from './reports.service';

const paise = (value: number) => Math.round(value * 100);
const fromPaise = (value: number) => value / 100;

/** Rupees by location name, and their total. */
const byLocation = { by_location: v.record(v.string(), v.number()), total: v.number() };

/**
 * GET /reports/monthly-revenue. Every location gets a figure in every row (0 when nothing was paid); totals are summed
 * in paise, so exact.
 */
export const MonthlyRevenueView = named(
  'MonthlyRevenueReport',
  v.strictObject({
    /** Every month that has payments, newest first ('YYYY-MM'): the From/To choices. */
    months: v.array(isoMonth),
    /** The range used (null when there is no data at all). */
    from: v.nullable(isoMonth),
    to: v.nullable(isoMonth),
    /** One column per location, by name. */
    locations: v.array(v.string()),
    /** Months of the range that have payments, newest first: 'YYYY-MM', revenue per location name, the total. */
    rows: v.array(v.strictObject({ month: isoMonth, ...byLocation })),
    subtotal: v.strictObject(byLocation),
    /** SUBTOTAL / number of rows, rounded to whole rupees (0 without rows). */
    average_monthly_revenue: v.number(),
  }),
);
export type MonthlyRevenueView = v.InferOutput<typeof MonthlyRevenueView>;

export function presentMonthlyRevenue(report: MonthlyRevenue): MonthlyRevenueView {
  const subtotal = new Map<string, number>(report.locations.map((name) => [name, 0]));
  let grand = 0;
  const rows = report.rows.map((row) => {
    const byLocation: Record<string, number> = {};
    let total = 0;
    for (const name of report.locations) {
      const amount = paise(row.byLocation.get(name) ?? 0);
      byLocation[name] = fromPaise(amount);
      total += amount;
      subtotal.set(name, subtotal.get(name)! + amount);
    }
    grand += total;
    return { month: row.month, by_location: byLocation, total: fromPaise(total) };
  });
  return {
    months: report.months,
    from: report.from,
    to: report.to,
    locations: report.locations,
    rows,
    subtotal: {
      by_location: Object.fromEntries([...subtotal].map(([name, amount]) => [name, fromPaise(amount)])),
      total: fromPaise(grand),
    },
    average_monthly_revenue: rows.length ? Math.round(fromPaise(grand) / rows.length) : 0,
  };
}
