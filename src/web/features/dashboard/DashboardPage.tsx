import { useSuspenseQuery } from '@tanstack/react-query';
import { formatIndianNumber, formatRupees } from '../../../shared/format';
import { CalendarIcon, CheckCircleIcon, HotelIcon, RupeeIcon, ScanIcon, TagIcon } from '../../components/ui/icons';
import { StatGrid } from '../../components/ui/StatCard';
import { dashboardQuery } from './api';
import { CardAlerts } from './CardAlerts';
import { LocationStatsTable } from './LocationStatsTable';
import { RenewalReminders, RenewalTable } from './RenewalTable';
import { TrendCharts } from './TrendCharts';

/** Revenue cards show rupees with two decimals. */
const rupees = (value: number | null) => formatRupees(value ?? 0, 2);

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
      <CardAlerts />
      <StatGrid
        label="Totals"
        stats={[
          { icon: <HotelIcon />, label: 'Total Hotels', value: formatIndianNumber(data.total_hotels) },
          { icon: <ScanIcon />, label: 'Total Scans', value: formatIndianNumber(data.total_scans), tone: 'blue' },
          { icon: <TagIcon />, label: 'Total Offers', value: formatIndianNumber(data.total_offers), tone: 'orange' },
          {
            icon: <CheckCircleIcon />,
            label: 'Total Redemptions',
            value: formatIndianNumber(data.total_redemptions),
            tone: 'green',
          },
        ]}
      />

      {showRevenue && (
        <StatGrid
          label="Revenue"
          className="revenue-grid"
          stats={[
            { icon: <RupeeIcon />, label: 'Revenue Today', value: rupees(data.revenue_today), tone: 'green' },
            { icon: <CalendarIcon />, label: 'This Month', value: rupees(data.revenue_month), tone: 'green' },
            { icon: <CalendarIcon />, label: 'This Year', value: rupees(data.revenue_year), tone: 'green' },
            { icon: <RupeeIcon />, label: 'All Time', value: rupees(data.revenue_all_time), tone: 'violet' },
          ]}
        />
      )}
      {showRevenue && data.unpaid_amount !== null && (
        // Beside revenue, what hotels still owe (docs/PRODUCT.md "Payments"): invoiced totals less payments and TDS.
        <StatGrid
          label="Unpaid"
          className="revenue-grid"
          stats={[
            { icon: <RupeeIcon />, label: 'Unpaid (with GST)', value: rupees(data.unpaid_amount), tone: 'orange' },
            {
              icon: <CalendarIcon />,
              label: 'Periods Unpaid',
              value: formatIndianNumber(data.unpaid_periods ?? 0),
              tone: 'orange',
            },
          ]}
        />
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
        <RenewalReminders />
      </section>
    </section>
  );
}
