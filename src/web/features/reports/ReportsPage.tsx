import { useSuspenseQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { formatIndianNumber, formatMonth, formatRupees } from '../../../shared/format';
import { MonthSelect } from '../../components/filters/FilterFields';
import { Button } from '../../components/ui/Button';
import { ExportButton } from '../../components/ui/ExportButton';
import { StickyRow, Table, TableHead, type Column } from '../../components/ui/Table';
import { CalendarIcon, PinIcon, RefreshIcon, RupeeIcon } from '../../components/ui/icons';
import { StatGrid } from '../../components/ui/StatCard';
import { useCan } from '../../lib/current-user';
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
          {(['from', 'to'] as const).map((end) => (
            <MonthSelect
              key={end}
              label={end === 'from' ? 'From' : 'To'}
              months={choices}
              value={end === 'from' ? from : to}
              onChange={(month) => pick({ [end]: month })}
              disabled={choices.length === 0}
            />
          ))}
        </div>
        <Button variant="secondary" onClick={() => setRange({})} disabled={!range.from && !range.to}>
          <RefreshIcon /> Last 6 Months
        </Button>
        {data.rows.length > 0 && (
          <ExportButton
            path="/reports/monthly-revenue/export"
            query={{ from: data.from ?? undefined, to: data.to ?? undefined }}
            fileName="monthly-revenue.csv"
          />
        )}
      </div>

      <StatGrid
        label="Summary"
        className="report-summary"
        stats={[
          { icon: <CalendarIcon />, label: 'Total Months', value: formatIndianNumber(data.rows.length), tone: 'blue' },
          {
            icon: <RupeeIcon />,
            label: 'Average Monthly Revenue',
            value: formatRupees(data.average_monthly_revenue),
            tone: 'green',
          },
          { icon: <PinIcon />, label: 'Locations', value: formatIndianNumber(data.locations.length), tone: 'violet' },
        ]}
      />

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
              <TableHead
                columns={[
                  ['Month', 'insight-sticky'],
                  ...data.locations.map((name): Column => [name, 'num']),
                  ['Monthly Total', 'num'],
                ]}
              />
              <tbody>
                {data.rows.map((row) => (
                  <StickyRow key={row.month} head={formatMonth(row.month)}>
                    <RupeeCells locations={data.locations} byLocation={row.by_location} />
                    <td className="num strong">{formatRupees(row.total, 2)}</td>
                  </StickyRow>
                ))}
              </tbody>
              <tfoot>
                <StickyRow head="SUBTOTAL" className="total-row">
                  <RupeeCells locations={data.locations} byLocation={data.subtotal.by_location} />
                  <td className="num">{formatRupees(data.subtotal.total, 2)}</td>
                </StickyRow>
              </tfoot>
            </Table>
          </div>
        )}
      </section>
    </section>
  );
}

/** A month's (or the subtotal's) revenue in each location, in the header's order. */
function RupeeCells({ locations, byLocation }: { locations: string[]; byLocation: Record<string, number> }) {
  return locations.map((name) => (
    <td key={name} className="num">
      {formatRupees(byLocation[name] ?? 0, 2)}
    </td>
  ));
}
