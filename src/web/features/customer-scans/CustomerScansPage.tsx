import { useQuery, useSuspenseInfiniteQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { ClearFilters, DateRangeFields, FilterSelect, SearchField } from '../../components/filters/FilterFields';
import { useTypingPause } from '../../components/filters/use-typing-pause';
import { LoadMore, pagedRows, ShowingCount } from '../../components/lists/PagedList';
import { ExportButton } from '../../components/ui/ExportButton';
import { placementsQuery } from '../hotels';
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
/** The chosen hotel's cards (docs/PRODUCT.md "Guest trust"), loaded when a hotel is picked. */
function PlacementFilter({
  hotelId,
  value,
  onChange,
}: {
  hotelId: string;
  value: string | undefined;
  onChange: (id: string | undefined) => void;
}) {
  const { data } = useQuery(placementsQuery(hotelId));
  return (
    <FilterSelect
      label="Card"
      all="All Cards"
      value={value}
      options={(data ?? []).map((p) => ({ id: p.id, name: p.label }))}
      onChange={onChange}
    />
  );
}

export function CustomerScansPage() {
  const filters = route.useSearch();
  const navigate = route.useNavigate();
  const scans = useSuspenseInfiniteQuery(customerScansQuery(filters));
  const { data: hotels } = useSuspenseQuery(hotelOptionsQuery);
  const { data: merchants } = useSuspenseQuery(merchantOptionsQuery);
  const [searchText, setSearchText] = useState(filters.search ?? '');

  const setFilters = (change: Partial<ScanFilters>) =>
    void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true });

  // The search box updates the URL (and the list) once typing pauses.
  useTypingPause(searchText, (search) => {
    if (search !== filters.search) setFilters({ search });
  });
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

  const changeLocation = (locationId: number | undefined) => {
    const keep = (rows: FilterOption[], id: string | undefined) =>
      id && (!locationId || rows.find((row) => row.id === id)?.location_id === locationId) ? id : undefined;
    const hotelId = keep(hotels, filters.hotel_id);
    setFilters({
      location_id: locationId,
      hotel_id: hotelId,
      merchant_id: keep(merchants, filters.merchant_id),
      placement_id: hotelId ? filters.placement_id : undefined,
    });
  };

  // A refused request (422) says why in the list's place, e.g. filters to narrow.
  const { rows, total, refused } = pagedRows(scans.data.pages);
  const refusedText = (
    <p className="status-text" role="alert">
      {refused}
    </p>
  );
  const anyFilter = Object.keys(filters).length > 0 || searchText.trim() !== '';

  return (
    <section className="stack insight-page">
      <div className="card scan-filters" role="search" aria-label="Filter scans">
        <SearchField
          label="Search"
          className="scan-search"
          placeholder="Search by customer name or mobile"
          value={searchText}
          onChange={setSearchText}
        />
        <DateRangeFields
          from={filters.date_from}
          to={filters.date_to}
          onFrom={(date_from) => setFilters({ date_from })}
          onTo={(date_to) => setFilters({ date_to })}
        />
        <LocationSelect value={filters.location_id} onChange={changeLocation} />
        {(
          [
            ['hotel_id', 'Hotel', 'All Hotels', hotels],
            ['merchant_id', 'Merchant', 'All Merchants', merchants],
          ] as const
        ).map(([key, label, all, places]) => (
          <FilterSelect
            key={key}
            label={label}
            all={all}
            value={filters[key]}
            options={inLocation(places)}
            onChange={(id) =>
              // A placement is of one hotel: another hotel drops it.
              setFilters(key === 'hotel_id' ? { hotel_id: id, placement_id: undefined } : { [key]: id })
            }
          />
        ))}
        {filters.hotel_id && (
          <PlacementFilter
            hotelId={filters.hotel_id}
            value={filters.placement_id}
            onChange={(placement_id) => setFilters({ placement_id })}
          />
        )}
        <div className="scan-filter-actions">
          <ClearFilters
            active={anyFilter}
            onClear={() => {
              setSearchText('');
              void navigate({ search: {}, replace: true });
            }}
          >
            Clear All Filters
          </ClearFilters>
          <EraseGuestData searchText={searchText} />
        </div>
      </div>

      {scans.data.pages[0]?.refused ? (
        refusedText
      ) : (
        <>
          <div className="table-bar">
            {/* The spinner also shows while the route's loader fetches other filters' list. */}
            <ShowingCount list={scans} shown={rows.length} total={total} noun="scans" />
            {/* Every scan matching the filters, not only the rows loaded here. */}
            <ExportButton path="/customer-scans/export" query={filters} fileName="customer-scans.csv" />
          </div>
          {rows.length === 0 ? <p className="status-text">No scans found</p> : <ScansTable rows={rows} />}
          {refused && refusedText}
          <LoadMore list={scans} />
        </>
      )}
    </section>
  );
}
