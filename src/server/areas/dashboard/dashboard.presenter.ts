import * as v from 'valibot';
import { formatMonth } from '../../../shared/format';
import { int, isoDate, isoMonth, named } from '../../platform/openapi/shapes';
import type { DashboardChartData, DashboardData, LocationRow } from './dashboard.service';

type Money = (value: number) => number | null;
/** Rupees; null for a caller who may not see revenue (a manager). */
const money = v.nullable(v.number());

/** A location_stats entry (docs/PRODUCT.md "API fields"); revenue figures are null for a manager. */
const LocationStatsView = named(
  'LocationStats',
  v.strictObject({
    hotels_today: int,
    hotels_this_month: int,
    hotels_total: int,
    scans_today: int,
    scans_this_month: int,
    scans_total: int,
    merchants_today: int,
    merchants_this_month: int,
    merchants_total: int,
    revenue_today: money,
    revenue_this_month: money,
    revenue_total: money,
  }),
);

/** Renewal tracking cell: subscription periods ending in the month, and how many of them were renewed. */
const RenewalCellView = named('RenewalCell', v.strictObject({ count: int, done: int }));

/**
 * GET /dashboard/superadmin (docs/PRODUCT.md "API fields"). Counts are of non-archived hotels and offers, all scans and
 * redemptions; revenue is subscription payments by payment day in APP_TIMEZONE. Without `revenue` (role manager,
 * docs/PRODUCT.md "Roles") every revenue figure is null. renewals_by_location_month has the current month and the next
 * two in order, keyed by a label such as "April 2026", each present even when nothing is due; each maps location
 * name → {count, done} (subscription periods ending that month, and how many were renewed).
 */
export const SuperadminDashboardView = named(
  'SuperadminDashboard',
  v.strictObject({
    total_hotels: int,
    total_scans: int,
    total_offers: int,
    total_redemptions: int,
    revenue_today: money,
    revenue_month: money,
    revenue_year: money,
    revenue_all_time: money,
    /** What hotels still owe for periods not cancelled (docs/PRODUCT.md "Payments"), and how many periods; null to a manager. */
    unpaid_amount: money,
    unpaid_periods: v.nullable(int),
    /** By location name. */
    location_stats: v.record(v.string(), LocationStatsView),
    /** By month label ("April 2026"), then by location name. */
    renewals_by_location_month: v.record(v.string(), v.record(v.string(), RenewalCellView)),
  }),
);
export type SuperadminDashboardView = v.InferOutput<typeof SuperadminDashboardView>;

const presentLocationStats = (row: LocationRow, money: Money): v.InferOutput<typeof LocationStatsView> => ({
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

export function presentDashboard(
  data: DashboardData,
  { revenue, unpaid }: { revenue: boolean; unpaid?: { amount: number; periods: number } | null },
): SuperadminDashboardView {
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
    unpaid_amount: revenue && unpaid ? unpaid.amount : null,
    unpaid_periods: revenue && unpaid ? unpaid.periods : null,
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
export const DashboardChartsView = named(
  'DashboardCharts',
  v.strictObject({
    days: v.array(v.strictObject({ day: isoDate, scans: int, redemptions: int })),
    revenue_months: v.nullable(v.array(v.strictObject({ month: isoMonth, revenue: v.number() }))),
  }),
);
export type DashboardChartsView = v.InferOutput<typeof DashboardChartsView>;

export function presentDashboardCharts(
  data: DashboardChartData,
  { revenue }: { revenue: boolean },
): DashboardChartsView {
  return { days: data.days, revenue_months: revenue ? data.months : null };
}
