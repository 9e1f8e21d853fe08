import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RenewalCell, SentRenewalReminder } from '../../../shared/api-types';
import { donePercent, formatDate, formatDateTime, formatPercent, percentTone } from '../../../shared/format';
import { CHANNEL_NAMES } from '../../../shared/schemas/messaging';
import { Badge } from '../../components/ui/Badge';
import { GroupedHead, StickyRow, Table } from '../../components/ui/Table';
import { api } from '../../lib/api';

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

/** GET /dashboard/superadmin/renewals-due: the hotels ending in the next 30 days and who was reminded. */
const renewalsDueQuery = queryOptions({
  queryKey: ['dashboard', 'superadmin', 'renewals-due'],
  queryFn: () => api.get('/dashboard/superadmin/renewals-due'),
  meta: { logMessage: 'Failed to load the renewal reminders' },
});

/** "30 d · 7 d", and its title: each reminder's day, time and channels. */
function Reminded({ reminders }: { reminders: SentRenewalReminder[] }) {
  if (reminders.length === 0) return <span className="muted-dash">—</span>;
  const title = reminders
    .map(
      (r) =>
        `${r.days} ${r.days === 1 ? 'day' : 'days'} before: sent ${formatDateTime(r.sent_at)} by ` +
        r.channels.map((channel) => CHANNEL_NAMES[channel]).join(', '),
    )
    .join('\n');
  return <span title={title}>{reminders.map((r) => `${r.days} d`).join(' · ')}</span>;
}

/**
 * Who was reminded (docs/PRODUCT.md "Renewal reminders"): the hotels whose subscription ends in the next 30 days,
 * soonest first, and which of the 30, 7 and 1-day reminders went out for that end date ("—" for none; the title says
 * when and how). No amounts: managers see it too. Loads on its own, after the dashboard.
 */
export function RenewalReminders() {
  const { data } = useQuery(renewalsDueQuery);
  if (!data) return null;
  return (
    <div className="insight-table rt-due">
      <h3 className="rt-due-title">Ending in the next 30 days</h3>
      {data.rows.length === 0 ? (
        <p className="status-text">No subscription ends in the next 30 days</p>
      ) : (
        <Table caption="Subscriptions ending in the next 30 days, and the reminders sent">
          <thead>
            <tr>
              <th scope="col">Hotel</th>
              <th scope="col">Ends on</th>
              <th scope="col" className="num">
                Ends in
              </th>
              <th scope="col">Reminded</th>
              <th scope="col">Location</th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((row) => (
              <tr key={row.hotel_id}>
                <th scope="row">{row.hotel_name}</th>
                <td>{formatDate(row.ends_on)}</td>
                <td className="num">
                  {row.days_to_end === 0 ? 'Today' : row.days_to_end === 1 ? '1 day' : `${row.days_to_end} days`}
                </td>
                <td>
                  <Reminded reminders={row.reminders} />
                </td>
                <td>{row.location}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {data.total > data.rows.length && (
        <p className="muted rt-due-more">
          The {data.rows.length} soonest of {data.total} are listed.
        </p>
      )}
    </div>
  );
}
