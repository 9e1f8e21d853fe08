import { useSuspenseQuery } from '@tanstack/react-query';
import { Fragment, useDeferredValue, useState } from 'react';
import { formatDate, formatDateTime, formatRupees } from '../../../shared/format';
import type { MerchantCustomer } from '../../../shared/api-types';
import { OfflineNotice } from '../../components/layout/OfflineNotice';
import { ExportButton } from '../../components/ui/ExportButton';
import { OverrideBadge } from '../../components/ui/OverrideBadge';
import { DateRangeFields } from '../../components/filters/FilterFields';
import { Table, TableHead } from '../../components/ui/Table';
import { myCustomersQuery, type CustomerFilter } from './api';

const NO_FILTER: CustomerFilter = { from: '', to: '' };

const COLUMNS = [
  'Scan Date',
  'Customer Name',
  'Mobile',
  'Check Out Date',
  'Voucher Code',
  'Offer',
  'Redeemed At',
  'Bill',
];

/**
 * A guest's cells: on a wide screen once, spanning their vouchers' rows (`span`); as cards on a phone, on each voucher
 * after its code, offer, time and bill (`cardOnly` on the rows after the first: hidden on a wide screen).
 */
function GuestCells({ customer, span, cardOnly }: { customer: MerchantCustomer; span?: number; cardOnly?: boolean }) {
  // On a card: name and mobile, then the dates.
  const cell = (order: 'table-card-after' | 'table-card-end', extra?: string) =>
    [order, cardOnly && 'table-card-only', extra].filter(Boolean).join(' ');
  return (
    <>
      <td rowSpan={span} data-label="Scan Date" className={cell('table-card-end')}>
        {formatDate(customer.scan_date)}
      </td>
      <td rowSpan={span} data-label="Customer Name" className={cell('table-card-after', 'ma-strong')}>
        {customer.customer_name}
      </td>
      {/* Masked by the server (docs/PRIVACY.md): shown, not a number to call. */}
      <td rowSpan={span} data-label="Mobile" className={cell('table-card-after')}>
        {customer.mobile_number}
      </td>
      <td rowSpan={span} data-label="Check Out Date" className={cell('table-card-end')}>
        {formatDate(customer.checkout_date)}
      </td>
    </>
  );
}

const isBackwards = (filter: CustomerFilter) => filter.from !== '' && filter.to !== '' && filter.from > filter.to;

/**
 * My Customers (docs/PRODUCT.md "Screens"): guests who redeemed this merchant's vouchers, latest redemption first, with
 * a redemption From/To filter and a Clear link. One row per voucher; a guest's own cells span their vouchers; on a
 * phone each voucher is a card (code, offer, redeemed at, bill, then the guest).
 */
export function MyCustomersPage() {
  const [filter, setFilter] = useState<CustomerFilter>(NO_FILTER);
  // The list shows the last range that is the right way round; it follows once the new list is loaded.
  const [listed, setListed] = useState<CustomerFilter>(NO_FILTER);
  const backwards = isBackwards(filter);
  const change = (next: CustomerFilter) => {
    setFilter(next);
    if (!isBackwards(next)) setListed(next);
  };
  const shown = useDeferredValue(listed);
  const {
    data: { rows, total },
  } = useSuspenseQuery(myCustomersQuery(shown));
  const filtered = shown.from !== '' || shown.to !== '';

  return (
    <section className="stack">
      <OfflineNotice hasData />
      <div className="ma-filter" role="group" aria-label="Redemption date">
        <DateRangeFields
          labels={['From', 'To']}
          from={filter.from}
          to={filter.to}
          onFrom={(from = '') => change({ ...filter, from })}
          onTo={(to = '') => change({ ...filter, to })}
        />
        <button
          type="button"
          className="ma-clear-link"
          onClick={() => change(NO_FILTER)}
          disabled={filter.from === '' && filter.to === ''}
        >
          Clear
        </button>
      </div>
      {backwards && <p className="ma-filter-error">The From date must not be after the To date.</p>}

      {rows.length === 0 ? (
        <p className="status-text">
          {filtered ? 'No redemptions between these dates.' : 'No customers have redeemed your vouchers yet.'}
        </p>
      ) : (
        <>
          <div className="table-bar">
            <p className="muted ma-count">
              {total > rows.length
                ? `Showing the latest ${rows.length} of ${total} customers. Narrow the dates to see older ones.`
                : `${total} ${total === 1 ? 'customer' : 'customers'}`}
            </p>
            {/* Every redeemed voucher in the dates, older ones included; mobiles masked as here. */}
            <ExportButton
              path="/merchant/my-customers/export"
              query={{ from: shown.from, to: shown.to }}
              fileName="my-customers.csv"
            />
          </div>
          <Table caption="My customers" layout="cards">
            <TableHead columns={COLUMNS} />
            <tbody>
              {rows.map((customer) => (
                <Fragment key={customer.scan_id}>
                  {customer.redeemed_vouchers.map((voucher, i) => (
                    <tr key={voucher.coupon_code} className={i === 0 ? 'ma-customer-first' : 'ma-customer-more'}>
                      {i === 0 ? (
                        <GuestCells customer={customer} span={customer.redeemed_vouchers.length} />
                      ) : (
                        <GuestCells customer={customer} cardOnly />
                      )}
                      <td data-label="Voucher Code" className="ma-mono table-card-lead">
                        {voucher.coupon_code}
                      </td>
                      <td data-label="Offer" className="table-card-wide">
                        {voucher.offer_name}
                        {/* Redeemed past one of the offer's rules (docs/COUNTER.md "Offer rules at the counter"). */}
                        {voucher.override_reason !== null && (
                          <>
                            {' '}
                            <OverrideBadge reason={voucher.override_reason} />
                          </>
                        )}
                      </td>
                      <td data-label="Redeemed At">
                        {formatDateTime(voucher.redeemed_at)}
                        {/* Which of the merchant's logins redeemed it (docs/PRODUCT.md "Staff"). */}
                        {voucher.redeemed_by !== null && <span className="muted"> by {voucher.redeemed_by}</span>}
                      </td>
                      {/* Entered at the counter after redeeming (docs/COUNTER.md); optional. */}
                      <td data-label="Bill">
                        {voucher.bill_amount === null ? '-' : formatRupees(voucher.bill_amount, 2)}
                      </td>
                    </tr>
                  ))}
                </Fragment>
              ))}
            </tbody>
          </Table>
        </>
      )}
    </section>
  );
}
