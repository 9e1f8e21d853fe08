import type { LocationStats } from '../../../shared/api-types';
import { formatIndianNumber, formatRupees } from '../../../shared/format';
import { GroupedHead, StickyRow, Table } from '../../components/ui/Table';

type Key = keyof LocationStats;
interface Group {
  label: string;
  keys: [Key, Key, Key];
  money?: boolean;
}

const GROUPS: Group[] = [
  { label: 'Hotel Count', keys: ['hotels_today', 'hotels_this_month', 'hotels_total'] },
  { label: 'Scan Count', keys: ['scans_today', 'scans_this_month', 'scans_total'] },
  { label: 'Merchant Count', keys: ['merchants_today', 'merchants_this_month', 'merchants_total'] },
  { label: 'Revenue (₹)', keys: ['revenue_today', 'revenue_this_month', 'revenue_total'], money: true },
];
const SPLIT = ['Today', 'This Month', 'Total'];

/**
 * Location-wise Statistics (docs/PRODUCT.md "Screens"): a row per location, column groups Hotel / Scan / Merchant Count
 * and Revenue, each Today / This Month / Total, and a Total row. Without revenue (role manager) the Revenue group is
 * left out.
 */
export function LocationStatsTable({
  stats,
  showRevenue,
}: {
  stats: Record<string, LocationStats>;
  showRevenue: boolean;
}) {
  const names = Object.keys(stats);
  if (names.length === 0) return <p className="status-text">No location data available</p>;
  const groups = showRevenue ? GROUPS : GROUPS.filter((g) => !g.money);
  const total = (key: Key) =>
    Math.round(names.reduce((sum, name) => sum + Number(stats[name]![key] ?? 0), 0) * 100) / 100;

  return (
    <div className="insight-table ls-table">
      <Table caption="Location-wise Statistics">
        <GroupedHead
          first="Location"
          groups={groups.map((group, i) => ({ label: group.label, className: `ls-group-${i}` }))}
          columns={SPLIT}
        />
        <tbody>
          {names.map((name) => (
            <StickyRow key={name} head={name}>
              <Cells groups={groups} value={(key) => stats[name]![key]} />
            </StickyRow>
          ))}
        </tbody>
        <tfoot>
          <StickyRow head="Total" className="total-row">
            <Cells groups={groups} value={total} />
          </StickyRow>
        </tfoot>
      </Table>
    </div>
  );
}

/** A row's figures: each group's Today, This Month and Total. */
function Cells({ groups, value }: { groups: Group[]; value: (key: Key) => number | null }) {
  return groups.map((group) =>
    group.keys.map((key) => (
      <td key={key} className="num">
        {group.money ? formatRupees(value(key), 2) : formatIndianNumber(value(key))}
      </td>
    )),
  );
}
