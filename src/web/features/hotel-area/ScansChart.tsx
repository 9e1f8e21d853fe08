import { formatDate, formatIndianNumber } from '../../../shared/format';
import type { HotelScanDay } from '../../../shared/api-types';
import { Chart } from '../../components/charts/Chart';

/** "22 Nov" under a day's bar. */
const dayTick = (label: string) => label.split(' ').slice(0, 2).join(' ');

/** Guests who collected vouchers each day (the back office's bar chart: a summary and a table for screen readers). */
export function ScansChart({ days }: { days: HotelScanDay[] }) {
  const total = days.reduce((sum, d) => sum + d.scans, 0);
  const busiest = days.reduce((best, d) => (d.scans > best.scans ? d : best), days[0]!);
  const span = `${formatDate(days[0]!.day)} to ${formatDate(days[days.length - 1]!.day)}`;
  return (
    <Chart
      kind="bars"
      title="Guests per day"
      summary={
        `Guests who collected vouchers each day, ${span}: ${formatIndianNumber(total)} in all.` +
        (busiest.scans > 0 ? ` Most on ${formatDate(busiest.day)} (${formatIndianNumber(busiest.scans)}).` : '')
      }
      labelHeader="Day"
      labels={days.map((d) => formatDate(d.day))}
      tick={dayTick}
      series={[{ name: 'Guests', values: days.map((d) => d.scans) }]}
      format={formatIndianNumber}
      integers
      height={180}
    />
  );
}
