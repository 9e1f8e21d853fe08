import type { Presented } from '../../platform/lib/presented';
import type { MonthlyRevenue } from './reports.service';

const paise = (value: number) => Math.round(value * 100);
const fromPaise = (value: number) => value / 100;

/**
 * GET /reports/monthly-revenue. Every location gets a figure in every row (0 when nothing was paid); totals are summed
 * in paise, so exact.
 */
export function presentMonthlyRevenue(report: MonthlyRevenue) {
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
    /** Every month that has payments, newest first ('YYYY-MM'): the From/To choices. */
    months: report.months,
    /** The range used (null when there is no data at all). */
    from: report.from,
    to: report.to,
    /** One column per location, by name. */
    locations: report.locations,
    /** Months of the range that have payments, newest first: 'YYYY-MM', revenue per location name, the total. */
    rows,
    subtotal: {
      by_location: Object.fromEntries([...subtotal].map(([name, amount]) => [name, fromPaise(amount)])),
      total: fromPaise(grand),
    },
    /** SUBTOTAL / number of rows, rounded to whole rupees (0 without rows). */
    average_monthly_revenue: rows.length ? Math.round(fromPaise(grand) / rows.length) : 0,
  };
}

export type MonthlyRevenueView = Presented<typeof presentMonthlyRevenue>;
