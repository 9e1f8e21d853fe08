import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { addDays } from '../../../shared/dates';
import { formatIndianNumber } from '../../../shared/format';
import { DateRangeFields } from '../../components/filters/FilterFields';
import { Badge } from '../../components/ui/Badge';
import { Card } from '../../components/ui/Card';
import { api } from '../../lib/api';

/** GET /hotel/placement-ranking: the hotel's cards by guests, then redemptions, over a date range. */
const rankingQuery = (range: { from?: string; to?: string }) =>
  queryOptions({
    queryKey: ['hotel-area', 'placement-ranking', range],
    queryFn: () => api.get('/hotel/placement-ranking', { query: range }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'Failed to load where guests scan' },
  });

/**
 * Where the hotel's guests scan (docs/PRODUCT.md "Guest trust"): each card (and the old hotel-wide code) ranked by
 * guests, then redemptions, for the chosen dates (the last 30 days at first); a card at its daily limit today, or far
 * above its usual day, is flagged: a photo of it may be going round.
 */
export function PlacementRanking({ today }: { today: string }) {
  const [from, setFrom] = useState<string | undefined>(addDays(today, -29));
  const [to, setTo] = useState<string | undefined>(today);
  const { data, isPending } = useQuery(rankingQuery({ from, to }));
  const shown = (data ?? []).filter((row) => row.guests > 0 || row.redemptions > 0 || row.spike !== null);
  const flagged = (data ?? []).filter((row) => row.spike !== null);
  return (
    <Card className="ha-card ha-ranking">
      <h2 className="ha-card-title">Where guests scan</h2>
      {flagged.length > 0 && (
        <p className="ha-spike" role="alert">
          {flagged.length === 1 ? '1 card' : `${flagged.length} cards`} busier than usual today:{' '}
          {flagged.map((row) => row.label).join(', ')}. If a card was photographed and shared, switch it off or make a
          new one on QR Cards.
        </p>
      )}
      <div className="ha-ranking-dates">
        <DateRangeFields from={from} to={to} onFrom={setFrom} onTo={setTo} labels={['From', 'To']} />
      </div>
      {isPending ? (
        <p className="muted">Loading...</p>
      ) : shown.length === 0 ? (
        <p className="muted">No guests in these dates.</p>
      ) : (
        <table className="ha-ranking-table">
          <thead>
            <tr>
              <th scope="col">Card</th>
              <th scope="col">Guests</th>
              <th scope="col">Redeemed</th>
              <th scope="col">Today</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.placement_id ?? 'link'}>
                <th scope="row">
                  {row.label}
                  {!row.is_active && <span className="muted"> (off)</span>}
                </th>
                <td>{formatIndianNumber(row.guests)}</td>
                <td>{formatIndianNumber(row.redemptions)}</td>
                <td>
                  {row.claims_today}/{row.daily_limit}{' '}
                  {row.spike === 'limit' && <Badge tone="red">Limit reached</Badge>}
                  {row.spike === 'surge' && <Badge tone="orange">Far above usual</Badge>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
