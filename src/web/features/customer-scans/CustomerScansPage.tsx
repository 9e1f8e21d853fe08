import { useSuspenseInfiniteQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, useRouterState } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { formatIndianNumber } from '../../../shared/format';
import { Button } from '../../components/ui/Button';
import { ExportButton } from '../../components/ui/ExportButton';
import { SearchIcon } from '../../components/ui/icons';
import { LocationSelect } from '../locations';
import { customerScansQuery, hotelOptionsQuery, merchantOptionsQuery, type FilterOption } from './api';
import { EraseGuestData } from './EraseGuestData';
import { ScansTable } from './ScansTable';
import type { ScanFilters } from './search';

const route = getRouteApi('/superadmin/customers');

/**
 * Customer Scans (docs/PRODUCT.md "Screens"): search by name or mobile, Date From / To (To inclusive to the end of the
 * day), Location, Hotel, Merchant and Clear All Filters; newest first. Filtering and paging happen on the server (a
 * season is about a million scans; "Load more" follows the server's page cursor); the filters live in the URL, so a
 * filtered list can be reloaded or shared.
 */
export function CustomerScansPage() {
  const filters = route.useSearch();
  const navigate = route.useNavigate();
  const scans = useSuspenseInfiniteQuery(customerScansQuery(filters));
  const { data: hotels } = useSuspenseQuery(hotelOptionsQuery);
  const { data: merchants } = useSuspenseQuery(merchantOptionsQuery);
  // Other filters: the route's loader fetches the list while this one stays on screen.
  const loading = useRouterState({ select: (s) => s.isLoading });
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
  const [urlSearch, setUrlSearch] = useState(filters.search);
  if (urlSearch !== filters.search) {
    setUrlSearch(filters.search);
    if (searchText.trim() !== (filters.search ?? '')) setSearchText(filters.search ?? '');
  }

  const inLocation = (rows: FilterOption[]) =>
    rows
      .filter((row) => !filters.location_id || row.location_id === filters.location_id)
      .sort((a, b) => a.name.localeCompare(b.name));
  const hotelChoices = inLocation(hotels);
  const merchantChoices = inLocation(merchants);

  const changeLocation = (locationId: number | undefined) => {
    const keep = (rows: FilterOption[], id: string | undefined) =>
      id && (!locationId || rows.find((row) => row.id === id)?.location_id === locationId) ? id : undefined;
    setFilters({
      location_id: locationId,
      hotel_id: keep(hotels, filters.hotel_id),
      merchant_id: keep(merchants, filters.merchant_id),
    });
  };

  const pages = scans.data.pages;
  const rows = pages.flatMap((page) => page.rows);
  const total = pages[0]?.total ?? 0;
  // A refused request (422) says why in the list's place, e.g. filters to narrow.
  const refused = pages.find((page) => page.refused)?.refused;
  const refusedText = (
    <p className="status-text" role="alert">
      {refused}
    </p>
  );
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
          <EraseGuestData searchText={searchText} />
        </div>
      </div>

      {pages[0]?.refused ? (
        refusedText
      ) : (
        <>
          <div className="table-bar">
            <p className="scan-count" aria-live="polite">
              Showing {formatIndianNumber(rows.length)} of {formatIndianNumber(total)} scans
              {(loading || (scans.isFetching && !scans.isFetchingNextPage)) && (
                <span className="spinner" aria-label="Updating" />
              )}
            </p>
            {/* Every scan matching the filters, not only the rows loaded here. */}
            <ExportButton path="customer-scans/export" params={filters} fileName="customer-scans.csv" />
          </div>
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
