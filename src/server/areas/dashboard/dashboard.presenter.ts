import { formatMonth } from '../../../shared/format';
import type { Presented } from '../../platform/lib/presented';
import type { DashboardChartData, DashboardData, LocationRow } from './dashboard.service';

type Money = (value: number) => number | null;

/** A location_stats entry (docs/PRODUCT.md "API fields"); revenue figures are null for a manager. */
const presentLocationStats = (row: LocationRow, money: Money) => ({
  hotels_today: row.hotelsToday,
  hotels_this_month: row.hotelsThisMonth,
  hotels_total: row.hotelsTotal,
  scans_today: row.scansToday,
  scans_this_month: row.scansThisMonth,
  scans_total: row.scansTotal,
  merchants_today: row.merchantsToday,
  merchants_this_month: row.merchantsThisMonth,
  merchants_total: row.merchantsTotal,
  revenue_today: money(row.revenueToday),
  revenue_this_month: money(row.revenueThisMonth),
  revenue_total: money(row.revenueTotal),
});

/**
 * GET /dashboard/superadmin (docs/PRODUCT.md "API fields"). Counts are of non-archived hotels and offers, all scans and
 * redemptions; revenue is subscription payments by payment day in APP_TIMEZONE. Without `revenue` (role manager,
 * docs/PRODUCT.md "Roles") every revenue figure is null. renewals_by_location_month has the current month and the next
 * two in order, keyed by a label such as "April 2026", each present even when nothing is due; each maps location
 * name → {count, done} (subscription periods ending that month, and how many were renewed).
 */
export function presentDashboard(data: DashboardData, { revenue }: { revenue: boolean }) {
  const money: Money = (value) => (revenue ? value : null);
  const renewalsIn = (month: string) =>
    Object.fromEntries(
      data.renewals
        .filter((row) => row.month === month)
        .map((row) => [row.location, { count: row.count, done: row.done }] as const),
    );
  const h = data.headline;
  return {
    total_hotels: h.totalHotels,
    total_scans: h.totalScans,
    total_offers: h.totalOffers,
    total_redemptions: h.totalRedemptions,
    revenue_today: money(h.revenueToday),
    revenue_month: money(h.revenueMonth),
    revenue_year: money(h.revenueYear),
    revenue_all_time: money(h.revenueAllTime),
    location_stats: Object.fromEntries(data.locations.map((row) => [row.name, presentLocationStats(row, money)])),
    renewals_by_location_month: Object.fromEntries(
      data.renewalMonths.map((month) => [formatMonth(month), renewalsIn(month)] as const),
    ),
  };
}

/**
 * GET /dashboard/superadmin/charts: scans and redemptions of the last 30 business days (oldest first, today last) and
 * revenue of the last 12 months; a caller without `revenue` (a manager) gets null for the months.
 */
export function presentDashboardCharts(data: DashboardChartData, { revenue }: { revenue: boolean }) {
  return { days: data.days, revenue_months: revenue ? data.months : null };
}

export type SuperadminDashboardView = Presented<typeof presentDashboard>;
export type DashboardChartsView = Presented<typeof presentDashboardCharts>;
