import { formatMonth, formatRupees } from '../../../shared/format';
import type { MonthlyRevenueReport } from '../../../shared/api-types';
import { Chart, CHART_COLOURS, type ChartSeries } from '../../components/charts/Chart';

const OTHERS = 'Other locations';
const rupees = (value: number) => formatRupees(value);

/**
 * The report's months as bars stacked by location, oldest month first. The locations that brought the most in the
 * range get a colour each; the rest share one bar part ("Other locations"), so the colours stay tellable apart.
 */
export function RevenueChart({ report }: { report: MonthlyRevenueReport }) {
  const rows = [...report.rows].reverse();
  const ranked = [...report.locations]
    .filter((name) => (report.subtotal.by_location[name] ?? 0) > 0)
    .sort((a, b) => report.subtotal.by_location[b]! - report.subtotal.by_location[a]!);
  const own = ranked.length > CHART_COLOURS ? ranked.slice(0, CHART_COLOURS - 1) : ranked;
  const rest = ranked.slice(own.length);
  const series: ChartSeries[] = own.map((name) => ({ name, values: rows.map((row) => row.by_location[name] ?? 0) }));
  if (rest.length)
    series.push({
      name: OTHERS,
      values: rows.map((row) => rest.reduce((sum, name) => sum + (row.by_location[name] ?? 0), 0)),
    });
  const top = ranked[0];
  const summary =
    `${formatMonth(rows[0]!.month)} to ${formatMonth(rows[rows.length - 1]!.month)}: ` +
    `${formatRupees(report.subtotal.total, 2)} in all` +
    (top ? `, most from ${top} (${formatRupees(report.subtotal.by_location[top], 2)}).` : '.') +
    (rest.length ? ` ${rest.length} smaller locations are shown together as ${OTHERS}.` : '');

  return (
    <Chart
      kind="stacked"
      title="Monthly revenue by location"
      summary={summary}
      labelHeader="Month"
      labels={rows.map((row) => formatMonth(row.month))}
      tick={(_, i) => formatMonth(rows[i]!.month, 'short')}
      series={series}
      format={rupees}
    />
  );
}
