import { useSuspenseQuery } from '@tanstack/react-query';
import { formatMonth, formatRating } from '../../../shared/format';
import { Chart } from '../../components/charts/Chart';
import { PageBoundary } from '../../components/layout/PageStatus';
import { hotelRatingHistoryQuery } from './api';

/**
 * A hotel's Google rating at the end of each of the last 12 months (its last snapshot that month), shown when its row
 * on Hotel Details is opened. The y axis spans at least one star around the ratings, so small moves show. It loads
 * in its own boundary: the row says so while loading or when it failed, the rest of the page stays.
 */
export function RatingTrend(props: { hotelId: string; hotelName: string }) {
  return (
    <PageBoundary pending={<p className="status-text">Loading rating history...</p>} failed={RatingFailed}>
      <LoadedRatingTrend {...props} />
    </PageBoundary>
  );
}

const RatingFailed = () => <p className="status-text">Failed to load rating history</p>;

function LoadedRatingTrend({ hotelId, hotelName }: { hotelId: string; hotelName: string }) {
  const { data } = useSuspenseQuery(hotelRatingHistoryQuery(hotelId));
  const months = data.months;
  const ratings = months.map((m) => m.last_rating);
  const known = ratings.filter((r): r is number => r !== null);
  if (known.length === 0) return <p className="status-text">No Google rating in the last 12 months</p>;

  let lo = Math.max(0, Math.floor((Math.min(...known) - 0.1) * 2) / 2);
  let hi = Math.min(5, Math.ceil((Math.max(...known) + 0.1) * 2) / 2);
  if (hi - lo < 1) {
    hi = Math.min(5, lo + 1);
    lo = hi - 1;
  }
  const first = known[0]!;
  const last = known[known.length - 1]!;
  return (
    <Chart
      kind="lines"
      title={`${hotelName}: Google rating at the end of each month`}
      summary={
        `${hotelName}, ${formatMonth(months[0]!.month)} to ${formatMonth(months[months.length - 1]!.month)}: ` +
        (known.length === 1
          ? `rated ${formatRating(last)}.`
          : `from ${formatRating(first)} to ${formatRating(last)}, between ${formatRating(Math.min(...known))} and ${formatRating(Math.max(...known))}.`) +
        ` ${12 - known.length} of the 12 months have no Google data.`
      }
      labelHeader="Month"
      labels={months.map((m) => formatMonth(m.month))}
      tick={(_, i) => formatMonth(months[i]!.month, 'short')}
      series={[{ name: 'Rating', values: ratings }]}
      format={(value) => value.toFixed(1)}
      scale={{ lo, hi, step: 0.5 }}
      height={180}
    />
  );
}
