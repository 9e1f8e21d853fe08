import { formatDate, formatIndianNumber } from '../../../shared/format';
import type { HotelScanDay } from '../../../shared/hotel-area-types';

const WIDTH = 600;
const HEIGHT = 160;
const AXIS = 18;

/**
 * Scans per day as an inline SVG bar chart (no chart library for 30 bars). It scales to the card's width; each bar
 * has a tooltip, and the same figures are a table for screen readers (the picture is hidden from them).
 */
export function ScansChart({ days }: { days: HotelScanDay[] }) {
  const max = Math.max(1, ...days.map((d) => d.scans));
  const slot = WIDTH / days.length;
  const bar = Math.max(2, slot * 0.7);
  const total = days.reduce((sum, d) => sum + d.scans, 0);
  const first = days[0];
  const last = days[days.length - 1];

  return (
    <figure className="ha-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT + AXIS}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
        <line x1="0" x2={WIDTH} y1={HEIGHT} y2={HEIGHT} className="ha-chart-axis" />
        {days.map((d, i) => {
          const height = (d.scans / max) * (HEIGHT - 8);
          return (
            <rect
              key={d.day}
              x={i * slot + (slot - bar) / 2}
              y={HEIGHT - height}
              width={bar}
              height={Math.max(height, d.scans > 0 ? 2 : 0)}
              rx="2"
              className={d.day === last?.day ? 'ha-chart-bar ha-chart-today' : 'ha-chart-bar'}
            >
              <title>{`${formatDate(d.day)}: ${formatIndianNumber(d.scans)}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="ha-chart-legend" aria-hidden="true">
        <span>{first ? formatDate(first.day) : ''}</span>
        <span>Peak {formatIndianNumber(max === 1 && total === 0 ? 0 : max)} a day</span>
        <span>Today</span>
      </div>
      <figcaption className="visually-hidden">
        Guests who collected vouchers each day, {first ? formatDate(first.day) : ''} to{' '}
        {last ? formatDate(last.day) : ''}: {formatIndianNumber(total)} in all.
      </figcaption>
      <table className="visually-hidden">
        <thead>
          <tr>
            <th>Day</th>
            <th>Guests</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <td>{formatDate(d.day)}</td>
              <td>{d.scans}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
