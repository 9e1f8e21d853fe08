import { formatMonth } from '../../../shared/format';
import type { LocationStats, RenewalCell, SuperadminDashboard } from '../../../shared/types';
import type { DashboardCharts } from '../../../shared/insight-types';
import type { DashboardChartData, DashboardData } from './dashboard.service';

/**
 * The dashboard shape (docs/PRODUCT.md "API fields"). Without `revenue` (role manager, docs/PRODUCT.md "Roles") every
 * revenue figure is null. renewals_by_location_month has the three months in order, each label present even when
 * nothing is due.
 */
export function presentDashboard(data: DashboardData, { revenue }: { revenue: boolean }): SuperadminDashboard {
  const money = (value: number) => (revenue ? value : null);
  const locationStats: Record<string, LocationStats> = {};
  for (const row of data.locations) {
    locationStats[row.name] = {
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
    };
  }
  const renewals: Record<string, Record<string, RenewalCell>> = {};
  for (const month of data.renewalMonths) {
    const cells: Record<string, RenewalCell> = {};
    for (const row of data.renewals)
      if (row.month === month) cells[row.location] = { count: row.count, done: row.done };
    renewals[formatMonth(month)] = cells;
  }
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
    location_stats: locationStats,
    renewals_by_location_month: renewals,
  };
}

/** The dashboard's charts; a caller without `revenue` gets no revenue series (null). */
export function presentDashboardCharts(data: DashboardChartData, { revenue }: { revenue: boolean }): DashboardCharts {
  return { days: data.days, revenue_months: revenue ? data.months : null };
}
