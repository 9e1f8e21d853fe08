import { useSuspenseQuery } from '@tanstack/react-query';
import { formatDate, formatIndianNumber, formatMonth, formatRupees } from '../../../shared/format';
import { Chart } from '../../components/charts/Chart';
import { dashboardChartsQuery } from './api';

/** "22 Nov" under a day's point. */
const dayTick = (label: string) => label.split(' ').slice(0, 2).join(' ');
const rupees = (value: number) => formatRupees(value);

/**
 * The dashboard's trends: scans and redemptions a day over the last 30 days, and revenue a month over the last 12
 * (left out for a manager, who may not see revenue).
 */
export function TrendCharts() {
  const { data } = useSuspenseQuery(dashboardChartsQuery);
  const days = data.days;
  const scans = days.reduce((sum, d) => sum + d.scans, 0);
  const redemptions = days.reduce((sum, d) => sum + d.redemptions, 0);
  const busiest = days.reduce((best, d) => (d.scans > best.scans ? d : best), days[0]!);
  const span = `${formatDate(days[0]!.day)} to ${formatDate(days[days.length - 1]!.day)}`;

  const months = data.revenue_months;
  const revenue = months?.reduce((sum, m) => sum + m.revenue, 0) ?? 0;
  const best = months?.reduce((top, m) => (m.revenue > top.revenue ? m : top), months[0]!);

  return (
    <div className={months ? 'trend-grid' : undefined}>
      <section className="card trend-card" aria-labelledby="trend-days-title">
        <h2 id="trend-days-title" className="insight-title">
          Scans and Redemptions (Last 30 Days)
        </h2>
        <Chart
          kind="lines"
          title="Scans and redemptions per day"
          summary={
            `${span}: ${formatIndianNumber(scans)} scans and ${formatIndianNumber(redemptions)} redemptions.` +
            (busiest.scans > 0
              ? ` Most scans on ${formatDate(busiest.day)} (${formatIndianNumber(busiest.scans)}).`
              : '')
          }
          labelHeader="Day"
          labels={days.map((d) => formatDate(d.day))}
          tick={dayTick}
          series={[
            { name: 'Scans', values: days.map((d) => d.scans) },
            { name: 'Redemptions', values: days.map((d) => d.redemptions) },
          ]}
          format={formatIndianNumber}
          integers
        />
      </section>
      {months && (
        <section className="card trend-card" aria-labelledby="trend-revenue-title">
          <h2 id="trend-revenue-title" className="insight-title">
            Revenue (Last 12 Months)
          </h2>
          <Chart
            kind="bars"
            title="Revenue per month"
            summary={
              `${formatMonth(months[0]!.month)} to ${formatMonth(months[months.length - 1]!.month)}: ` +
              `${formatRupees(revenue, 2)} in all.` +
              (best && best.revenue > 0
                ? ` Highest in ${formatMonth(best.month)} (${formatRupees(best.revenue, 2)}).`
                : '')
            }
            labelHeader="Month"
            labels={months.map((m) => formatMonth(m.month))}
            tick={(_, i) => formatMonth(months[i]!.month, 'short')}
            series={[{ name: 'Revenue', values: months.map((m) => m.revenue) }]}
            format={rupees}
          />
        </section>
      )}
    </div>
  );
}
