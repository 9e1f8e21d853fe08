import { Fragment } from 'react';
import type { RenewalCell } from '../../../shared/types';
import { donePercent, formatPercent, percentTone } from '../../../shared/format';
import { Badge } from '../../components/ui/Badge';
import { Table } from '../../components/ui/Table';

const DASH = '-';

function DoneBadge({ done, count }: { done: number; count: number }) {
  const percent = donePercent(done, count);
  if (percent === null) return <span className="muted-dash">{DASH}</span>;
  return <Badge tone={percentTone(percent)}>{formatPercent(percent)}</Badge>;
}

function Cells({ cell, group }: { cell: RenewalCell | undefined; group: number }) {
  const count = cell?.count ?? 0;
  const done = cell?.done ?? 0;
  const cls = `num rt-group-${group % 3}`;
  return (
    <>
      <td className={cls}>{count > 0 ? count : DASH}</td>
      <td className={cls}>{count > 0 ? done : DASH}</td>
      <td className={cls}>
        <DoneBadge done={done} count={count} />
      </td>
    </>
  );
}

/**
 * Renewal Tracking (Next 3 Months) (docs/PRODUCT.md "Screens"): rows are locations, each month has Renewal Count,
 * Renewals Done and Done % (a coloured badge, a dash when nothing is due). The month groups cycle through 3 colour
 * styles; the Total row sums count and done per month and recomputes the percent.
 */
export function RenewalTable({ data }: { data: Record<string, Record<string, RenewalCell>> }) {
  const months = Object.keys(data);
  const locations = [...new Set(months.flatMap((month) => Object.keys(data[month]!)))].sort((a, b) =>
    a.localeCompare(b, undefined, { sensitivity: 'base' }),
  );
  if (locations.length === 0) return <p className="status-text">No renewal data available</p>;
  const totals = months.map((month) =>
    Object.values(data[month]!).reduce((sum, cell) => ({ count: sum.count + cell.count, done: sum.done + cell.done }), {
      count: 0,
      done: 0,
    }),
  );

  return (
    <div className="insight-table rt-table">
      <Table caption="Renewal Tracking (Next 3 Months)">
        <thead>
          <tr>
            <th scope="col" rowSpan={2} className="insight-sticky">
              Location
            </th>
            {months.map((month, i) => (
              <th key={month} scope="colgroup" colSpan={3} className={`group-head rt-group-${i % 3}`}>
                {month}
              </th>
            ))}
          </tr>
          <tr>
            {months.map((month, i) => (
              <Fragment key={month}>
                <th scope="col" className={`num rt-group-${i % 3}`}>
                  Renewal Count
                </th>
                <th scope="col" className={`num rt-group-${i % 3}`}>
                  Renewals Done
                </th>
                <th scope="col" className={`num rt-group-${i % 3}`}>
                  Done %
                </th>
              </Fragment>
            ))}
          </tr>
        </thead>
        <tbody>
          {locations.map((location) => (
            <tr key={location}>
              <th scope="row" className="insight-sticky">
                {location}
              </th>
              {months.map((month, i) => (
                <Cells key={month} cell={data[month]![location]} group={i} />
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="total-row">
            <th scope="row" className="insight-sticky">
              Total
            </th>
            {months.map((month, i) => (
              <Cells key={month} cell={totals[i]} group={i} />
            ))}
          </tr>
        </tfoot>
      </Table>
    </div>
  );
}
