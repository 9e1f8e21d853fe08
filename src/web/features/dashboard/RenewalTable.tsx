import type { RenewalCell } from '../../../shared/api-types';
import { donePercent, formatPercent, percentTone } from '../../../shared/format';
import { Badge } from '../../components/ui/Badge';
import { GroupedHead, StickyRow, Table } from '../../components/ui/Table';

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
        <GroupedHead
          first="Location"
          groups={months.map((month, i) => ({ label: month, className: `rt-group-${i % 3}` }))}
          columns={['Renewal Count', 'Renewals Done', 'Done %']}
        />
        <tbody>
          {locations.map((location) => (
            <StickyRow key={location} head={location}>
              {months.map((month, i) => (
                <Cells key={month} cell={data[month]![location]} group={i} />
              ))}
            </StickyRow>
          ))}
        </tbody>
        <tfoot>
          <StickyRow head="Total" className="total-row">
            {months.map((month, i) => (
              <Cells key={month} cell={totals[i]} group={i} />
            ))}
          </StickyRow>
        </tfoot>
      </Table>
    </div>
  );
}
