import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import './charts.css';

/**
 * The back office's charts as plain SVG (docs/DEVELOPING.md "CSV exports and charts"; no chart library: four small
 * charts of bars and lines). Drawn at the box's real width (measured), so text stays its CSS size on a phone and a
 * wide screen. The picture is hidden from screen readers; `summary` and a visually hidden table of every figure stand
 * for it.
 */

export interface ChartSeries {
  name: string;
  /** One value per label; null leaves a gap (lines) or no bar. */
  values: (number | null)[];
}

export interface ChartProps {
  kind: 'bars' | 'stacked' | 'lines';
  /** What the chart shows: the hidden table's caption. */
  title: string;
  /** A sentence or two for screen readers, read before the table (e.g. totals, the peak). */
  summary: string;
  /** The x axis: its name (the table's first column), full labels for the table and tooltips, `tick` for the axis. */
  labelHeader: string;
  labels: string[];
  tick?: (label: string, index: number) => string;
  series: ChartSeries[];
  /** Values on the y axis, in tooltips and in the table. */
  format: (value: number) => string;
  /** A fixed y axis (ratings); else from 0 to a round number at or above the highest value. */
  scale?: { lo: number; hi: number; step: number };
  /** Counts: no ticks between whole numbers. */
  integers?: boolean;
  height?: number;
}

const PAD = { top: 10, right: 12, bottom: 24 };
/** About the width of a character of the axis text (0.72rem), to fit the labels without measuring them. */
const CHAR = 6.5;
/** Series colours (charts.css): past that, the caller groups the rest (reports: "Other locations"). */
export const CHART_COLOURS = 8;

export function Chart(props: ChartProps) {
  const { title, summary, labelHeader, labels, series, format, height = 220 } = props;
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  const shown = series.length > 1;
  return (
    <figure className="chart">
      {shown && (
        <ul className="chart-legend" aria-hidden="true">
          {series.map((s, i) => (
            <li key={s.name}>
              <span className={`chart-swatch chart-c${i % CHART_COLOURS}`} />
              {s.name}
            </li>
          ))}
        </ul>
      )}
      <div ref={box} className="chart-plot" style={{ height }} aria-hidden="true">
        {width > 0 && <Plot {...props} width={width} height={height} />}
      </div>
      <figcaption className="visually-hidden">{summary}</figcaption>
      {/* In a box: a table will not shrink to the 1px of .visually-hidden, and would widen the page. */}
      <div className="visually-hidden">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{labelHeader}</th>
              {series.map((s) => (
                <th key={s.name} scope="col">
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((label, i) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {series.map((s) => (
                  <td key={s.name}>{s.values[i] === null || s.values[i] === undefined ? '-' : format(s.values[i])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

type PlotProps = ChartProps & { width: number; height: number };

function Plot({ kind, labels, tick, series, format, scale, integers, width, height }: PlotProps) {
  const totals = labels.map((_, i) =>
    kind === 'stacked'
      ? series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0)
      : Math.max(0, ...series.map((s) => s.values[i] ?? 0)),
  );
  const ticks = scale ? stepsOf(scale) : niceTicks(Math.max(0, ...totals), integers);
  const lo = ticks[0]!;
  const hi = ticks[ticks.length - 1]!;
  // The y labels' room: the longest of them.
  const left = 12 + CHAR * Math.max(...ticks.map((value) => format(value).length));
  const plotW = Math.max(1, width - left - PAD.right);
  const plotH = Math.max(1, height - PAD.top - PAD.bottom);
  const y = (value: number) => PAD.top + plotH - ((value - lo) / (hi - lo || 1)) * plotH;
  const slot = plotW / Math.max(1, labels.length);
  const x = (i: number) => left + slot * (i + 0.5);
  // Axis labels far enough apart to read: every n-th one.
  const ticked = labels.map((label, i) => (tick ? tick(label, i) : label));
  const room = CHAR * Math.max(...ticked.map((text) => text.length)) + 16;
  const every = Math.max(1, Math.ceil(labels.length / Math.max(1, Math.floor(plotW / room))));
  // An axis label is centred under its point, but kept inside the picture.
  const tickX = (i: number) => {
    const half = (CHAR * ticked[i]!.length) / 2;
    return Math.min(Math.max(x(i), left + half), width - 2 - half);
  };

  let marks: ReactNode;
  if (kind === 'lines') {
    marks = series.map((s, si) => {
      const points = s.values.map((v, i) => (v === null ? null : ([x(i), y(v)] as const)));
      // A gap (null) starts a new piece of the line.
      const path = points.reduce((d, p, i) => (p ? `${d}${points[i - 1] ? 'L' : 'M'}${p[0]},${p[1]}` : d), '');
      return (
        <g key={s.name} className={`chart-c${si % CHART_COLOURS}`}>
          <path d={path} className="chart-line" />
          {points.map(
            (p, i) =>
              p && (
                <circle key={labels[i]} cx={p[0]} cy={p[1]} r={3} className="chart-dot">
                  <title>{`${labels[i]}, ${s.name}: ${format(s.values[i]!)}`}</title>
                </circle>
              ),
          )}
        </g>
      );
    });
  } else {
    const stacked = kind === 'stacked';
    const groupW = Math.min(slot * 0.72, 48);
    const barW = stacked ? groupW : groupW / series.length;
    marks = labels.map((label, i) => {
      let base = 0;
      return (
        <g key={label}>
          {series.map((s, si) => {
            const value = s.values[i];
            if (value === null || value === undefined || value <= 0) return null;
            const bottom = stacked ? base : 0;
            base += value;
            const barX = x(i) - groupW / 2 + (stacked ? 0 : si * barW);
            return (
              <rect
                key={s.name}
                x={barX}
                y={y(bottom + value)}
                width={Math.max(1, barW - (stacked ? 0 : 1))}
                height={Math.max(1, y(bottom) - y(bottom + value))}
                className={`chart-bar chart-c${si % CHART_COLOURS}`}
              >
                <title>{`${label}, ${s.name}: ${format(value)}`}</title>
              </rect>
            );
          })}
        </g>
      );
    });
  }

  return (
    <svg width={width} height={height} focusable="false">
      {ticks.map((value) => (
        <g key={value}>
          <line x1={left} x2={width - PAD.right} y1={y(value)} y2={y(value)} className="chart-grid" />
          <text x={left - 8} y={y(value)} className="chart-y">
            {format(value)}
          </text>
        </g>
      ))}
      {marks}
      {labels.map(
        (label, i) =>
          (labels.length - 1 - i) % every === 0 && (
            <text key={label} x={tickX(i)} y={height - 6} className="chart-x">
              {ticked[i]}
            </text>
          ),
      )}
    </svg>
  );
}

/** The element's content width, followed as it resizes. */
function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry!.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** Ticks from 0 to a round number at or above `max`, about four steps of 1, 2 or 5 times a power of ten. */
export function niceTicks(max: number, integers = false): number[] {
  const raw = max > 0 ? max / 4 : 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  let step = [1, 2, 5, 10].map((m) => m * power).find((candidate) => candidate >= raw)!;
  if (integers) step = Math.max(1, Math.round(step));
  return stepsOf({ lo: 0, hi: Math.max(step, Math.ceil(max / step) * step), step });
}

function stepsOf({ lo, hi, step }: { lo: number; hi: number; step: number }): number[] {
  const count = Math.round((hi - lo) / step);
  return Array.from({ length: count + 1 }, (_, i) => lo + step * i);
}
