import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { getRouteApi, useRouterState } from '@tanstack/react-router';
import { formatDate, formatDateTime, formatIndianNumber } from '../../../shared/format';
import { Button } from '../../components/ui/Button';
import { ExportButton } from '../../components/ui/ExportButton';
import { Field } from '../../components/ui/Field';
import { Table } from '../../components/ui/Table';
import { hotelCustomersQuery } from './api';
import './hotel-area.css';
import type { HotelCustomerFilters } from './search';

const route = getRouteApi('/hotel/customers');

/**
 * The hotel's guests who collected vouchers, newest first: scan date, name, mobile (masked by the server), check-out,
 * vouchers collected and redeemed. A From/To filter on the scan's day lives in the URL; "Load more" follows the
 * server's page cursor. On a phone each guest is a small card; on a wide screen a table.
 */
export function HotelCustomersPage() {
  const filters = route.useSearch();
  const navigate = route.useNavigate();
  const customers = useSuspenseInfiniteQuery(hotelCustomersQuery(filters));
  const loading = useRouterState({ select: (s) => s.isLoading });
  const setFilters = (change: Partial<HotelCustomerFilters>) =>
    void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true });

  const pages = customers.data.pages;
  const rows = pages.flatMap((page) => page.rows);
  const total = pages[0]?.total ?? 0;
  const filtered = Boolean(filters.from || filters.to);

  return (
    <section className="stack ha-page">
      <div className="card ha-filter" role="search" aria-label="Filter guests by scan date">
        <Field
          label="From"
          type="date"
          value={filters.from ?? ''}
          max={filters.to}
          onChange={(e) => setFilters({ from: e.target.value || undefined })}
        />
        <Field
          label="To"
          type="date"
          value={filters.to ?? ''}
          min={filters.from}
          onChange={(e) => setFilters({ to: e.target.value || undefined })}
        />
        <Button variant="secondary" disabled={!filtered} onClick={() => void navigate({ search: {}, replace: true })}>
          Clear
        </Button>
      </div>

      <div className="table-bar">
        <p className="scan-count" aria-live="polite">
          Showing {formatIndianNumber(rows.length)} of {formatIndianNumber(total)} guests
          {(loading || (customers.isFetching && !customers.isFetchingNextPage)) && (
            <span className="spinner" aria-label="Updating" />
          )}
        </p>
        {/* Every guest in the dates, not only the rows loaded here; mobiles masked as here. */}
        <ExportButton path="hotel/customers/export" params={filters} fileName="guests.csv" />
      </div>
      {rows.length === 0 ? (
        <p className="status-text">
          {filtered ? 'No guests between these dates.' : 'No guests have collected vouchers yet.'}
        </p>
      ) : (
        <div className="ha-customers">
          <Table caption="Guests who collected vouchers">
            <thead>
              <tr>
                <th>Scan Date</th>
                <th>Guest Name</th>
                <th>Mobile</th>
                <th>Check Out</th>
                <th className="num">Vouchers</th>
                <th className="num">Redeemed</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td data-label="Scanned">{formatDateTime(row.scan_date)}</td>
                  <td data-label="Guest" className="ha-guest-name">
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
              ))}
            </tbody>
          </Table>
        </div>
      )}
      {customers.hasNextPage && (
        <div className="load-more">
          <Button
            variant="secondary"
            onClick={() => void customers.fetchNextPage()}
            disabled={customers.isFetchingNextPage}
          >
            {customers.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}
    </section>
  );
}
