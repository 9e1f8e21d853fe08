import { useSuspenseQuery } from '@tanstack/react-query';
import { formatDate, formatDateTime, formatRupees } from '../../../shared/format';
import type { Hotel, RenewalHistoryEntry } from '../../../shared/api-types';
import { PageBoundary } from '../../components/layout/PageStatus';
import { Dialog } from '../../components/ui/Dialog';
import { Table } from '../../components/ui/Table';
import { useCan } from '../../lib/current-user';
import { CancelRenewalButton } from '../invoices';
import { renewalHistoryQuery } from './api';
import { rupeeDecimals } from './money';

/** Renewal History (docs/PRODUCT.md "Screens"): the renewals, most recent first, and a summary. */
export function RenewalHistoryDialog({ hotel, onClose }: { hotel: Hotel | null; onClose: () => void }) {
  return (
    <Dialog
      open={hotel !== null}
      title={hotel ? `Renewal History - ${hotel.name}` : 'Renewal History'}
      onClose={onClose}
      size="lg"
    >
      {hotel && (
        // On failure the list is emptied (docs/PRODUCT.md "Forms and messages"); the toast comes from the query's meta.
        <PageBoundary pending={<History entries={[]} loading />} failed={NoHistory}>
          <LoadedHistory hotelId={hotel.id} />
        </PageBoundary>
      )}
    </Dialog>
  );
}

const NoHistory = () => <History entries={[]} />;

function LoadedHistory({ hotelId }: { hotelId: string }) {
  const { data } = useSuspenseQuery(renewalHistoryQuery(hotelId));
  return <History entries={data} />;
}

function History({ entries, loading = false }: { entries: RenewalHistoryEntry[]; loading?: boolean }) {
  // A manager sees no amounts (docs/SECURITY.md "Roles"): the answer has none, and the screen leaves them out.
  const amounts = useCan('viewReports');
  // The super admin may cancel the latest renewal (docs/PRODUCT.md "Tax invoices").
  const cancels = useCan('manageSettings');
  const total = entries.reduce((sum, e) => sum + (e.amount ?? 0), 0);
  const last = entries[0]?.renewed_at;
  return (
    <div className="stack">
      <div className="hotel-summary" aria-label="Renewal summary">
        <div>
          <span className="muted">Total Renewals</span>
          <strong>{entries.length}</strong>
        </div>
        {amounts && (
          <div>
            <span className="muted">Total Revenue</span>
            <strong>{formatRupees(total, rupeeDecimals(total))}</strong>
          </div>
        )}
        <div>
          <span className="muted">Last Renewed</span>
          <strong>{last ? formatDate(last) : '-'}</strong>
        </div>
      </div>
      {loading ? (
        <p className="status-text">Loading renewal history...</p>
      ) : entries.length === 0 ? (
        <p className="status-text">No renewals yet.</p>
      ) : (
        <Table caption="Renewal history">
          <thead>
            <tr>
              <th>#</th>
              <th>From</th>
              <th>To</th>
              <th>Duration</th>
              {amounts && <th>Amount</th>}
              <th>Renewed On</th>
              {cancels && <th className="visually-hidden">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {entries.map((entry, i) => (
              <tr key={entry.id}>
                <td>{entries.length - i}</td>
                <td>{formatDate(entry.from_date)}</td>
                <td>{formatDate(entry.to_date)}</td>
                <td>{entry.duration_days} days</td>
                {amounts && entry.amount !== null && <td>{formatRupees(entry.amount, rupeeDecimals(entry.amount))}</td>}
                <td>{formatDateTime(entry.renewed_at)}</td>
                {cancels && (
                  <td>
                    {i === 0 && (
                      <CancelRenewalButton
                        periodId={entry.id}
                        label={`${formatDate(entry.from_date)} to ${formatDate(entry.to_date)}`}
                      />
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </div>
  );
}
