import type { MonthlyRevenueReport } from '../../../shared/types';
import type { MonthlyRevenue } from './reports.service';

const paise = (value: number) => Math.round(value * 100);
const fromPaise = (value: number) => value / 100;

/** Every location gets a figure in every row (0 when nothing was paid); totals are summed in paise, so exact. */
export function presentMonthlyRevenue(report: MonthlyRevenue): MonthlyRevenueReport {
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
