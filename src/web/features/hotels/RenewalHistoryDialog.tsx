import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { formatDate, formatDateTime, formatRupees } from '../../../shared/format';
import { rupeeDecimals } from './money';
import type { Hotel } from '../../../shared/types';
import { Dialog } from '../../components/ui/Dialog';
import { Table } from '../../components/ui/Table';
import { renewalHistoryQuery } from './api';

/** Renewal History (SPEC §2): the renewals, most recent first, and a summary. */
export function RenewalHistoryDialog({ hotel, onClose }: { hotel: Hotel | null; onClose: () => void }) {
  const history = useQuery({ ...renewalHistoryQuery(hotel?.id ?? ''), enabled: hotel !== null });

  useEffect(() => {
    if (history.isError) toast.error('Failed to fetch renewal history');
  }, [history.isError]);

  // On failure the list is emptied (SPEC §8).
  const entries = history.isError ? [] : (history.data ?? []);
  const total = entries.reduce((sum, e) => sum + e.amount, 0);
  const last = entries[0]?.renewed_at;

  return (
    <Dialog
      open={hotel !== null}
      title={hotel ? `Renewal History - ${hotel.name}` : 'Renewal History'}
      onClose={onClose}
      size="lg"
    >
      {hotel && (
        <div className="stack">
          <div className="hotel-summary" aria-label="Renewal summary">
            <div>
              <span className="muted">Total Renewals</span>
              <strong>{entries.length}</strong>
            </div>
            <div>
              <span className="muted">Total Revenue</span>
              <strong>{formatRupees(total, rupeeDecimals(total))}</strong>
            </div>
            <div>
              <span className="muted">Last Renewed</span>
              <strong>{last ? formatDate(last) : '-'}</strong>
            </div>
          </div>
          {history.isPending ? (
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
                  <th>Amount</th>
                  <th>Renewed On</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry, i) => (
                  <tr key={`${entry.renewed_at}-${entry.from_date}`}>
                    <td>{entries.length - i}</td>
                    <td>{formatDate(entry.from_date)}</td>
                    <td>{formatDate(entry.to_date)}</td>
                    <td>{entry.duration_days} days</td>
                    <td>{formatRupees(entry.amount, rupeeDecimals(entry.amount))}</td>
                    <td>{formatDateTime(entry.renewed_at)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </div>
      )}
    </Dialog>
  );
}
