import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { formatIndianNumber } from '../../../shared/format';
import { Button } from '../../components/ui/Button';
import { ApiError } from '../../lib/api';
import { locationsQuery, LocationSelect } from '../locations';
import { SearchIcon } from '../dashboard';
import {
  customerScansQuery,
  hotelOptionsQuery,
  merchantOptionsQuery,
  type FilterOption,
  type ScanFilters,
} from './api';
import { ScansTable } from './ScansTable';

const route = getRouteApi('/superadmin/customers');

/**
 * Customer Scans (SPEC §2): search by name or mobile, Date From / To (To inclusive to the end of the day),
 * Location, Hotel, Merchant and Clear All Filters; newest first. Filtering and paging happen on the server
 * (a season is about a million scans; "Load more" follows the server's page cursor); the filters live in the
 * URL, so a filtered list can be reloaded or shared.
 */
export function CustomerScansPage() {
  const filters = route.useSearch();
  const navigate = route.useNavigate();
  const scans = useInfiniteQuery(customerScansQuery(filters));
  const locations = useQuery(locationsQuery);
  const hotels = useQuery(hotelOptionsQuery);
  const merchants = useQuery(merchantOptionsQuery);
  const [searchText, setSearchText] = useState(filters.search ?? '');
  const ids = { search: useId(), from: useId(), to: useId(), hotel: useId(), merchant: useId() };

  const setFilters = (change: Partial<ScanFilters>) =>
    void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true });

  // The search box updates the URL (and the list) once typing pauses.
  useEffect(() => {
    const value = searchText.trim() || undefined;
    if (value === filters.search) return;
    const timer = setTimeout(() => setFilters({ search: value }), 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searchText]);
  // Back/forward or Clear All Filters changes the URL: the box follows.
  useEffect(() => {
    setSearchText((current) => (current.trim() === (filters.search ?? '') ? current : (filters.search ?? '')));
  }, [filters.search]);

  // A refused request (422) says why in the list's place, e.g. filters to narrow; other failures get the toast.
  const refused = scans.error instanceof ApiError && scans.error.status === 422 ? scans.error.detail : undefined;
  const refusedText = (
    <p className="status-text" role="alert">
      {refused}
    </p>
  );
  const failed = (scans.isError && !refused) || locations.isError || hotels.isError || merchants.isError;
  useEffect(() => {
    if (failed) toast.error('Failed to load data');
  }, [failed]);

  const inLocation = (rows: FilterOption[] | undefined) =>
    (rows ?? [])
      .filter((row) => !filters.location_id || row.location_id === filters.location_id)
      .sort((a, b) => a.name.localeCompare(b.name));
  const hotelChoices = inLocation(hotels.data);
  const merchantChoices = inLocation(merchants.data);

  const changeLocation = (locationId: number | undefined) => {
    const keep = (rows: FilterOption[] | undefined, id: string | undefined) =>
      id && (!locationId || rows?.find((row) => row.id === id)?.location_id === locationId) ? id : undefined;
    setFilters({
      location_id: locationId,
      hotel_id: keep(hotels.data, filters.hotel_id),
      merchant_id: keep(merchants.data, filters.merchant_id),
    });
  };

  const rows = scans.data?.pages.flatMap((page) => page.rows) ?? [];
  const total = scans.data?.pages[0]?.total ?? 0;
  const anyFilter = Object.keys(filters).length > 0 || searchText.trim() !== '';

  return (
    <section className="stack insight-page">
      <div className="card scan-filters" role="search" aria-label="Filter scans">
        <div className="field scan-search">
          <label htmlFor={ids.search}>Search</label>
          <div className="input-icon">
            <SearchIcon />
            <input
              id={ids.search}
              type="search"
              placeholder="Search by customer name or mobile"
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
              autoComplete="off"
            />
          </div>
        </div>
        <div className="field">
          <label htmlFor={ids.from}>Date From</label>
          <input
            id={ids.from}
            type="date"
            value={filters.date_from ?? ''}
            max={filters.date_to}
            onChange={(e) => setFilters({ date_from: e.target.value || undefined })}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.to}>Date To</label>
          <input
            id={ids.to}
            type="date"
            value={filters.date_to ?? ''}
            min={filters.date_from}
            onChange={(e) => setFilters({ date_to: e.target.value || undefined })}
          />
        </div>
        <LocationSelect value={filters.location_id} onChange={changeLocation} />
        <div className="field">
          <label htmlFor={ids.hotel}>Hotel</label>
          <select
            id={ids.hotel}
            value={filters.hotel_id ?? ''}
            onChange={(e) => setFilters({ hotel_id: e.target.value || undefined })}
          >
            <option value="">All Hotels</option>
            {hotelChoices.map((h) => (
              <option key={h.id} value={h.id}>
                {h.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.merchant}>Merchant</label>
          <select
            id={ids.merchant}
            value={filters.merchant_id ?? ''}
            onChange={(e) => setFilters({ merchant_id: e.target.value || undefined })}
          >
            <option value="">All Merchants</option>
            {merchantChoices.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
        <div className="scan-filter-actions">
          <Button
            variant="secondary"
            disabled={!anyFilter}
            onClick={() => {
              setSearchText('');
              void navigate({ search: {}, replace: true });
            }}
          >
            Clear All Filters
          </Button>
        </div>
      </div>

      {scans.isPending ? (
        <p className="status-text">Loading scans...</p>
      ) : refused && !scans.data ? (
        refusedText
      ) : (
        <>
          <p className="scan-count" aria-live="polite">
            Showing {formatIndianNumber(rows.length)} of {formatIndianNumber(total)} scans
            {scans.isFetching && !scans.isFetchingNextPage && <span className="spinner" aria-label="Updating" />}
          </p>
          {rows.length === 0 ? <p className="status-text">No scans found</p> : <ScansTable rows={rows} />}
          {refused && refusedText}
          {scans.hasNextPage && (
            <div className="load-more">
              <Button
                variant="secondary"
                onClick={() => void scans.fetchNextPage()}
                disabled={scans.isFetchingNextPage}
              >
                {scans.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
