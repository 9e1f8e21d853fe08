import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { addDays } from '../../../shared/dates';
import { formatIndianNumber } from '../../../shared/format';
import { DateRangeFields } from '../../components/filters/FilterFields';
import { Card } from '../../components/ui/Card';
import { ExportButton } from '../../components/ui/ExportButton';
import { api } from '../../lib/api';

/** GET /hotels/{id}/funnel: the hotel's guest funnel over a date range. */
const funnelQuery = (hotelId: string, range: { from?: string; to?: string }) =>
  queryOptions({
    queryKey: ['hotel-area', 'funnel', hotelId, range],
    queryFn: () => api.get('/hotels/:id/funnel', { param: { id: hotelId }, query: range }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'Failed to load the guest funnel' },
  });

const percent = (rate: number | null | undefined) => (rate === null || rate === undefined ? '-' : `${rate}%`);

/**
 * The guest funnel (docs/PRODUCT.md "Funnel"): pages opened → details entered → vouchers issued → redeemed, each with
 * its rate of the stage before, review taps and shares beside it, and the location's median hotel where it has one.
 */
export function FunnelCard({ hotelId, today }: { hotelId: string; today: string }) {
  const [from, setFrom] = useState<string | undefined>(addDays(today, -29));
  const [to, setTo] = useState<string | undefined>(today);
  const { data, isPending } = useQuery(funnelQuery(hotelId, { from, to }));
  const median = data?.location_median ?? null;
  const stages = data
    ? [
        { label: 'Pages opened', value: data.opens, rate: undefined, median: undefined },
        { label: 'Details entered', value: data.details, rate: data.rates.details_rate, median: median?.details_rate },
        { label: 'Vouchers issued', value: data.issued, rate: data.rates.issue_rate, median: median?.issue_rate },
        { label: 'Redeemed', value: data.redeemed, rate: data.rates.redeem_rate, median: median?.redeem_rate },
      ]
    : [];
  const beside = data
    ? [
        {
          label: 'Review taps',
          value: data.review_taps,
          rate: data.rates.review_tap_rate,
          median: median?.review_tap_rate,
        },
        { label: 'Shares', value: data.shares, rate: data.rates.share_rate, median: median?.share_rate },
      ]
    : [];
  return (
    <Card className="ha-card ha-funnel">
      <h2 className="ha-card-title">Guest funnel</h2>
      <div className="ha-ranking-dates">
        <DateRangeFields from={from} to={to} onFrom={setFrom} onTo={setTo} labels={['From', 'To']} />
        {/* The funnel by day, every day of the range (docs/PRODUCT.md "Funnel"). */}
        <ExportButton
          path="/hotels/:id/funnel/export"
          param={{ id: hotelId }}
          query={{ from: data?.from ?? from, to: data?.to ?? to }}
          fileName="hotel-funnel.csv"
        />
      </div>
      {isPending || !data ? (
        <p className="muted">Loading...</p>
      ) : (
        <table className="ha-ranking-table">
          <thead>
            <tr>
              <th scope="col">Stage</th>
              <th scope="col">Guests</th>
              <th scope="col">Rate</th>
              {median && <th scope="col">Median hotel</th>}
            </tr>
          </thead>
          <tbody>
            {[...stages, ...beside].map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                <td>{formatIndianNumber(row.value)}</td>
                <td>{row.rate === undefined ? '' : percent(row.rate)}</td>
                {median && <td>{row.median === undefined ? '' : percent(row.median)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="muted">
        Each rate is of the stage before; review taps and shares are of pages opened.
        {median
          ? ` The median hotel is the middle one of the ${data?.location_hotels} hotels in your location.`
          : ' A median hotel shows where your location has at least 5 hotels.'}
      </p>
    </Card>
  );
}
