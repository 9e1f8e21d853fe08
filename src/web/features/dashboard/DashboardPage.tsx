import { useSuspenseQuery } from '@tanstack/react-query';
import { formatIndianNumber, formatRupees } from '../../../shared/format';
import { CalendarIcon, CheckCircleIcon, HotelIcon, RupeeIcon, ScanIcon, TagIcon } from '../../components/ui/icons';
import { dashboardQuery } from './api';
import { LocationStatsTable } from './LocationStatsTable';
import { RenewalTable } from './RenewalTable';
import { StatCard } from './StatCard';
import { TrendCharts } from './TrendCharts';

/**
 * Super Admin Dashboard (docs/PRODUCT.md "Screens"): four headline counts, four revenue cards (₹, two decimals),
 * Location-wise Statistics and Renewal Tracking (Next 3 Months). A manager's answer has no revenue (docs/PRODUCT.md
 * "Roles"): those parts are left out.
 */
export function DashboardPage() {
  const { data } = useSuspenseQuery(dashboardQuery);
  const showRevenue = data.revenue_all_time !== null;

  return (
    <section className="stack insight-page">
      <div className="stat-grid" aria-label="Totals">
        <StatCard icon={<HotelIcon />} label="Total Hotels" value={formatIndianNumber(data.total_hotels)} />
        <StatCard icon={<ScanIcon />} label="Total Scans" value={formatIndianNumber(data.total_scans)} tone="blue" />
        <StatCard icon={<TagIcon />} label="Total Offers" value={formatIndianNumber(data.total_offers)} tone="orange" />
        <StatCard
          icon={<CheckCircleIcon />}
          label="Total Redemptions"
          value={formatIndianNumber(data.total_redemptions)}
          tone="green"
        />
      </div>

      {showRevenue && (
        <div className="stat-grid revenue-grid" aria-label="Revenue">
          <StatCard
            icon={<RupeeIcon />}
            label="Revenue Today"
            value={formatRupees(data.revenue_today ?? 0, 2)}
            tone="green"
          />
          <StatCard
            icon={<CalendarIcon />}
            label="This Month"
            value={formatRupees(data.revenue_month ?? 0, 2)}
            tone="green"
          />
          <StatCard
            icon={<CalendarIcon />}
            label="This Year"
            value={formatRupees(data.revenue_year ?? 0, 2)}
            tone="green"
          />
          <StatCard
            icon={<RupeeIcon />}
            label="All Time"
            value={formatRupees(data.revenue_all_time ?? 0, 2)}
            tone="violet"
          />
        </div>
      )}

      <TrendCharts />

      <section className="insight-section" aria-labelledby="location-stats-title">
        <h2 id="location-stats-title" className="insight-title">
          Location-wise Statistics
        </h2>
        <LocationStatsTable stats={data.location_stats} showRevenue={showRevenue} />
      </section>

      <section className="insight-section" aria-labelledby="renewals-title">
        <h2 id="renewals-title" className="insight-title">
          Renewal Tracking (Next 3 Months)
        </h2>
        <RenewalTable data={data.renewals_by_location_month} />
      </section>
    </section>
  );
}
