import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { formatDate, formatDateTime } from '../../../shared/format';
import { ClearFilters, DateRangeFields } from '../../components/filters/FilterFields';
import { LoadMore, pagedRows, ShowingCount } from '../../components/lists/PagedList';
import { ExportButton } from '../../components/ui/ExportButton';
import { ListTable, type Column } from '../../components/ui/Table';
import { hotelCustomersQuery } from './api';
import './hotel-area.css';
import type { HotelCustomerFilters } from './search';

const route = getRouteApi('/hotel/customers');

const COLUMNS: Column[] = ['Scan Date', 'Guest Name', 'Mobile', 'Check Out', ['Vouchers', 'num'], ['Redeemed', 'num']];

/**
 * The hotel's guests who collected vouchers, newest first: scan date, name, mobile (masked by the server), check-out,
 * vouchers collected and redeemed. A From/To filter on the scan's day lives in the URL; "Load more" follows the
 * server's page cursor. On a phone each guest is a small card; on a wide screen a table.
 */
export function HotelCustomersPage() {
  const filters = route.useSearch();
  const navigate = route.useNavigate();
  const customers = useSuspenseInfiniteQuery(hotelCustomersQuery(filters));
  const setFilters = (change: Partial<HotelCustomerFilters>) =>
    void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true });

  const { rows, total } = pagedRows(customers.data.pages);
  const filtered = Boolean(filters.from || filters.to);

  return (
    <section className="stack ha-page">
      <div className="card ha-filter" role="search" aria-label="Filter guests by scan date">
        <DateRangeFields
          labels={['From', 'To']}
          from={filters.from}
          to={filters.to}
          onFrom={(from) => setFilters({ from })}
          onTo={(to) => setFilters({ to })}
        />
        <ClearFilters active={filtered} onClear={() => void navigate({ search: {}, replace: true })}>
          Clear
        </ClearFilters>
      </div>

      <div className="table-bar">
        <ShowingCount list={customers} shown={rows.length} total={total} noun="guests" />
        {/* Every guest in the dates, not only the rows loaded here; mobiles masked as here. */}
        <ExportButton path="/hotel/customers/export" query={filters} fileName="guests.csv" />
      </div>
      <ListTable
        rows={rows}
        empty={filtered ? 'No guests between these dates.' : 'No guests have collected vouchers yet.'}
        className="ha-customers"
        layout="cards"
        caption="Guests who collected vouchers"
        columns={COLUMNS}
      >
        {(row) => (
          <tr key={row.id}>
            <td data-label="Scanned">{formatDateTime(row.scan_date)}</td>
            <td data-label="Guest" className="ha-guest-name table-card-lead">
              {row.customer_name}
            </td>
            <td data-label="Mobile" className="ha-mono">
              {row.mobile_masked ?? '-'}
            </td>
            <td data-label="Check out">{formatDate(row.checkout_date)}</td>
            <td data-label="Vouchers" className="num">
              {row.vouchers_collected}
            </td>
            <td data-label="Redeemed" className="num">
              {row.vouchers_redeemed}
            </td>
          </tr>
        )}
      </ListTable>
      <LoadMore list={customers} />
    </section>
  );
}
