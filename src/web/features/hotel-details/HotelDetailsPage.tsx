import { useSuspenseQuery } from '@tanstack/react-query';
import { Fragment, useDeferredValue, useId, useState } from 'react';
import { toast } from 'sonner';
import { lastMonths } from '../../../shared/dates';
import { formatIndianNumber, formatRating, formatRatingChange, ratingChangeTone } from '../../../shared/format';
import type { HotelReviewSummary } from '../../../shared/api-types';
import { MonthSelect, SearchField } from '../../components/filters/FilterFields';
import { useTypingPause } from '../../components/filters/use-typing-pause';
import { Badge } from '../../components/ui/Badge';
import { IconButton } from '../../components/ui/Button';
import { ExportButton } from '../../components/ui/ExportButton';
import { hiddenHeader, ListTable, type Column } from '../../components/ui/Table';
import { ArrowDownIcon, ArrowUpIcon, RefreshIcon, StarIcon } from '../../components/ui/icons';
import { DateTimeStack } from '../../components/ui/DateTimeStack';
import { errorText } from '../../lib/api';
import { LocationSelect } from '../locations';
import { currentMonth, hotelDetailsQuery, useRefreshGoogleData, type ReviewFilters } from './api';
import { RatingTrend } from './RatingTrend';
import './hotel-details.css';

const MONTHS = 12;

/**
 * Hotel Details: Google reviews tracking (docs/PRODUCT.md "Screens"). Month (last 12, default this one), Location and a
 * hotel-name search; a row per hotel with its review figures and a per-hotel refresh (spinner while running, disabled
 * without a Google place id).
 */
export function HotelDetailsPage() {
  const [months] = useState(() => lastMonths(currentMonth(), MONTHS));
  const [filters, setFilters] = useState<ReviewFilters>({ month: months[0] });
  const change = (next: ReviewFilters) => setFilters((current) => ({ ...current, ...next }));
  const [searchText, setSearchText] = useState('');
  // The table follows the filters once the new rows are loaded; until then the old ones stay on screen.
  const { data: rows } = useSuspenseQuery(hotelDetailsQuery(useDeferredValue(filters)));
  const refresh = useRefreshGoogleData();
  const [refreshing, setRefreshing] = useState<ReadonlySet<string>>(new Set());

  useTypingPause(searchText, (search) => setFilters((c) => (c.search === search ? c : { ...c, search })));

  const refreshHotel = (hotel: HotelReviewSummary) => {
    setRefreshing((s) => new Set(s).add(hotel.hotel_id));
    refresh.mutate(hotel.hotel_id, {
      onSuccess: (result) =>
        toast.success(`Data refreshed! Reviews: ${result.total_reviews}, Rating: ${result.rating ?? 'N/A'}`),
      onError: (error) => toast.error(errorText(error, 'Failed to refresh data')),
      onSettled: () =>
        setRefreshing((s) => {
          const next = new Set(s);
          next.delete(hotel.hotel_id);
          return next;
        }),
    });
  };

  return (
    <section className="stack insight-page">
      <div className="card review-filters" role="search" aria-label="Filter hotels">
        <MonthSelect
          label="Month"
          months={months}
          value={filters.month ?? ''}
          onChange={(month) => change({ month })}
        />
        <LocationSelect value={filters.location_id} onChange={(id) => change({ location_id: id })} />
        <SearchField
          label="Search"
          className="review-search"
          placeholder="Search hotel name"
          value={searchText}
          onChange={setSearchText}
        />
      </div>

      <div className="table-bar">
        <p className="muted">Open a hotel to see its rating over the last 12 months.</p>
        <ExportButton path="/reviews/hotel-details/export" query={filters} fileName="hotel-details.csv" />
      </div>

      <ListTable
        rows={rows}
        empty="No hotels found. Add hotels with Google Place IDs to track reviews."
        className="insight-table reviews-table"
        caption="Hotel review details"
        columns={COLUMNS}
      >
        {(hotel) => (
          <ReviewRow
            key={hotel.hotel_id}
            hotel={hotel}
            busy={refreshing.has(hotel.hotel_id)}
            onRefresh={() => refreshHotel(hotel)}
          />
        )}
      </ListTable>
    </section>
  );
}

const count = (value: number | null) => (value === null ? '-' : formatIndianNumber(value));

const COLUMNS: Column[] = [
  ['Hotel Name', 'insight-sticky'],
  'Location',
  ['Total Reviews', 'num'],
  ['Reviews Today', 'num'],
  ['Monthly Reviews', 'num'],
  ['Current Rating', 'num'],
  ['Rating Change', 'num'],
  ['Month Start Rating', 'num'],
  'Last Refreshed',
  [hiddenHeader('Refresh')],
];

function ReviewRow({ hotel, busy, onRefresh }: { hotel: HotelReviewSummary; busy: boolean; onRefresh: () => void }) {
  const tone = ratingChangeTone(hotel.rating_change);
  const [open, setOpen] = useState(false);
  const trendId = useId();
  return (
    <Fragment>
      <tr>
        <th scope="row" className="insight-sticky review-hotel">
          <button
            type="button"
            className="rv-open"
            aria-expanded={open}
            aria-controls={trendId}
            title={open ? 'Hide the rating over 12 months' : 'Show the rating over 12 months'}
            onClick={() => setOpen((o) => !o)}
          >
            <span className="review-hotel-name">{hotel.hotel_name}</span>
          </button>
          {!hotel.google_place_id && <Badge tone="red">No Place ID</Badge>}
        </th>
        <td>{hotel.location_name}</td>
        <td className="num">{count(hotel.total_reviews)}</td>
        <td className="num">{count(hotel.reviews_today)}</td>
        <td className="num">{count(hotel.monthly_reviews)}</td>
        <td className="num">
          {hotel.current_rating === null ? (
            '-'
          ) : (
            <span className="rv-rating">
              {formatRating(hotel.current_rating)}{' '}
              <span className="rv-star">
                <StarIcon />
              </span>
            </span>
          )}
        </td>
        <td className="num">
          <span className={`rv-change rv-${tone}`}>
            {tone === 'green' && <ArrowUpIcon />}
            {tone === 'red' && <ArrowDownIcon />}
            {formatRatingChange(hotel.rating_change)}
          </span>
        </td>
        <td className="num">{formatRating(hotel.month_beginning_rating)}</td>
        <td>
          {hotel.last_refreshed ? (
            <DateTimeStack value={hotel.last_refreshed} />
          ) : (
            <span className="muted">Not yet fetched</span>
          )}
        </td>
        <td>
          <IconButton
            label={
              hotel.google_place_id
                ? `Refresh Google data for ${hotel.hotel_name}`
                : `${hotel.hotel_name} has no Google Place ID`
            }
            variant="secondary"
            className={busy ? 'is-busy' : ''}
            disabled={!hotel.google_place_id || busy}
            aria-busy={busy}
            onClick={onRefresh}
          >
            {busy ? <span className="spinner" aria-hidden="true" /> : <RefreshIcon />}
          </IconButton>
        </td>
      </tr>
      {open && (
        <tr id={trendId} className="rv-trend-row">
          {/* The opened row's chart spans every column. */}
          <td colSpan={COLUMNS.length}>
            <div className="rv-trend">
              <h3>Rating, last 12 months</h3>
              <RatingTrend hotelId={hotel.hotel_id} hotelName={hotel.hotel_name} />
            </div>
          </td>
        </tr>
      )}
    </Fragment>
  );
}
