import type { LocationStats } from '../../../shared/types';
import { formatIndianNumber, formatRupees } from '../../../shared/format';
import { Table } from '../../components/ui/Table';

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
  const show = (group: Group, value: number | null) =>
    group.money ? formatRupees(value, 2) : formatIndianNumber(value);

  return (
    <div className="insight-table ls-table">
      <Table caption="Location-wise Statistics">
        <thead>
          <tr>
            <th scope="col" rowSpan={2} className="insight-sticky">
              Location
            </th>
            {groups.map((group, i) => (
              <th key={group.label} scope="colgroup" colSpan={3} className={`group-head ls-group-${i}`}>
                {group.label}
              </th>
            ))}
          </tr>
          <tr>
            {groups.map((group, i) =>
              SPLIT.map((label) => (
                <th key={`${group.label}-${label}`} scope="col" className={`num ls-group-${i}`}>
                  {label}
                </th>
              )),
            )}
          </tr>
        </thead>
        <tbody>
          {names.map((name) => (
            <tr key={name}>
              <th scope="row" className="insight-sticky">
                {name}
              </th>
              {groups.map((group) =>
                group.keys.map((key) => (
                  <td key={key} className="num">
                    {show(group, stats[name]![key])}
                  </td>
                )),
              )}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="total-row">
            <th scope="row" className="insight-sticky">
              Total
            </th>
            {groups.map((group) =>
              group.keys.map((key) => (
                <td key={key} className="num">
                  {show(group, total(key))}
                </td>
              )),
            )}
          </tr>
        </tfoot>
      </Table>
    </div>
  );
}
