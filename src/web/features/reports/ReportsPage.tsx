import { useSuspenseQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import { formatIndianNumber, formatMonth, formatRupees } from '../../../shared/format';
import { Button } from '../../components/ui/Button';
import { ExportButton } from '../../components/ui/ExportButton';
import { Table } from '../../components/ui/Table';
import { CalendarIcon, PinIcon, RefreshIcon, RupeeIcon } from '../../components/ui/icons';
import { useCan } from '../auth';
import { StatCard } from '../dashboard';
import { monthlyRevenueQuery, type ReportRange } from './api';
import { RevenueChart } from './RevenueChart';

/**
 * Reports: Month-wise Revenue Report (docs/PRODUCT.md "Screens"). From and To pick among months that have payments; the
 * default (and "Last 6 Months") is the latest 6 months with data, which the server chooses when no range is sent.
 */
export function ReportsPage() {
  if (!useCan('viewReports')) return <p className="status-text">You do not have permission to view reports</p>;
  return <Report />;
}

function Report() {
  const [range, setRange] = useState<ReportRange>({});
  // The report follows the range once the new one is loaded; until then the old one stays on screen.
  const { data } = useSuspenseQuery(monthlyRevenueQuery(useDeferredValue(range)));
  const fromId = useId();
  const toId = useId();

  const from = data.from ?? '';
  const to = data.to ?? '';
  // Ascending in the pickers reads naturally; the server lists newest first.
  const choices = [...data.months].reverse();
  const pick = (next: ReportRange) => {
    // Keep From <= To: moving one end past the other moves both.
    let f = next.from ?? from;
    let t = next.to ?? to;
    if (f > t) {
      if (next.from) t = f;
      else f = t;
    }
    setRange({ from: f, to: t });
  };

  return (
    <section className="stack insight-page">
      <div className="toolbar report-toolbar">
        <div className="report-range">
          <div className="field">
            <label htmlFor={fromId}>From</label>
            <select
              id={fromId}
              value={from}
              onChange={(e) => pick({ from: e.target.value })}
              disabled={choices.length === 0}
            >
              {choices.map((month) => (
                <option key={month} value={month}>
                  {formatMonth(month)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={toId}>To</label>
            <select id={toId} value={to} onChange={(e) => pick({ to: e.target.value })} disabled={choices.length === 0}>
              {choices.map((month) => (
                <option key={month} value={month}>
                  {formatMonth(month)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <Button variant="secondary" onClick={() => setRange({})} disabled={!range.from && !range.to}>
          <RefreshIcon /> Last 6 Months
        </Button>
        {data.rows.length > 0 && (
          <ExportButton
            path="reports/monthly-revenue/export"
            params={{ from: data.from ?? undefined, to: data.to ?? undefined }}
            fileName="monthly-revenue.csv"
          />
        )}
      </div>

      <div className="stat-grid report-summary" aria-label="Summary">
        <StatCard
          icon={<CalendarIcon />}
          label="Total Months"
          value={formatIndianNumber(data.rows.length)}
          tone="blue"
        />
        <StatCard
          icon={<RupeeIcon />}
          label="Average Monthly Revenue"
          value={formatRupees(data.average_monthly_revenue)}
          tone="green"
        />
        <StatCard
          icon={<PinIcon />}
          label="Locations"
          value={formatIndianNumber(data.locations.length)}
          tone="violet"
        />
      </div>

      {data.rows.length > 0 && (
        <section className="card trend-card" aria-labelledby="revenue-chart-title">
          <h2 id="revenue-chart-title" className="insight-title">
            Revenue by Location
          </h2>
          <RevenueChart report={data} />
        </section>
      )}

      <section className="insight-section" aria-label="Month-wise Revenue Report">
        {data.rows.length === 0 ? (
          <p className="status-text">No revenue data found for the selected period</p>
        ) : (
          <div className="insight-table report-table">
            <Table caption="Month-wise Revenue Report">
              <thead>
                <tr>
                  <th scope="col" className="insight-sticky">
                    Month
                  </th>
                  {data.locations.map((name) => (
                    <th key={name} scope="col" className="num">
                      {name}
                    </th>
                  ))}
                  <th scope="col" className="num">
                    Monthly Total
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((row) => (
                  <tr key={row.month}>
                    <th scope="row" className="insight-sticky">
                      {formatMonth(row.month)}
                    </th>
                    {data.locations.map((name) => (
                      <td key={name} className="num">
                        {formatRupees(row.by_location[name] ?? 0, 2)}
                      </td>
                    ))}
                    <td className="num strong">{formatRupees(row.total, 2)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="total-row">
                  <th scope="row" className="insight-sticky">
                    SUBTOTAL
                  </th>
                  {data.locations.map((name) => (
                    <td key={name} className="num">
                      {formatRupees(data.subtotal.by_location[name] ?? 0, 2)}
                    </td>
                  ))}
                  <td className="num">{formatRupees(data.subtotal.total, 2)}</td>
                </tr>
              </tfoot>
            </Table>
          </div>
        )}
      </section>
    </section>
  );
}
