import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import type { Invoice } from '../../../shared/api-types';
import { todayIn } from '../../../shared/dates';
import { formatDate, formatRupees } from '../../../shared/format';
import { financialYearLabel, financialYearOf, INVOICE_KIND_NAMES, INVOICE_KINDS } from '../../../shared/gst';
import { FilterSelect } from '../../components/filters/FilterFields';
import { LoadMore, pagedRows } from '../../components/lists/PagedList';
import { Card } from '../../components/ui/Card';
import { ExportButton } from '../../components/ui/ExportButton';
import { hiddenHeader, ListTable, type Column } from '../../components/ui/Table';
import { invoicesQuery, ownInvoicesQuery, type InvoiceFilters } from './api';

const fileName = (invoice: Invoice) => `${invoice.number.replace(/\//g, '-')}.pdf`;

/** One document's PDF: the back office's route, or the hotel's own. */
function PdfButton({ invoice, own }: { invoice: Invoice; own: boolean }) {
  const file = { fileName: fileName(invoice), label: 'PDF', ariaLabel: `Download PDF of ${invoice.number}` };
  return own ? (
    <ExportButton path="/hotel/invoices/:id/pdf" param={{ id: invoice.id }} {...file} />
  ) : (
    <ExportButton path="/invoices/:id/pdf" param={{ id: invoice.id }} {...file} />
  );
}

/** The tax in all, and which: IGST across states, CGST + SGST (each half) within the operator's. */
function Tax({ invoice }: { invoice: Invoice }) {
  const inter = invoice.place_of_supply !== invoice.supplier_state_code;
  return (
    <>
      {formatRupees(inter ? invoice.igst : invoice.cgst + invoice.sgst, 2)}
      <span className="invoice-note">
        {inter ? `IGST ${invoice.tax_rate} %` : `CGST + SGST, ${formatRupees(invoice.cgst, 2)} each`}
      </span>
    </>
  );
}

/** The financial years to filter by: this one and the four before it. */
function yearOptions() {
  const current = financialYearOf(todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone));
  return Array.from({ length: 5 }, (_, i) => ({
    id: String(current - i),
    name: `FY 20${financialYearLabel(current - i)}`,
  }));
}
const KIND_OPTIONS = INVOICE_KINDS.map((kind) => ({ id: kind, name: `${INVOICE_KIND_NAMES[kind]}s` }));

/**
 * Invoices (docs/PRODUCT.md "Tax invoices"): tax invoices and credit notes, newest first, each with its PDF. The back
 * office filters by financial year and kind and exports the CSV for the accountant; a hotel sees its own (`own`).
 */
export function InvoicesPage({ own = false }: { own?: boolean }) {
  const [filters, setFilters] = useState<InvoiceFilters>({});
  const [years] = useState(yearOptions);
  const deferred = useDeferredValue(filters);
  const list = useSuspenseInfiniteQuery(own ? ownInvoicesQuery() : invoicesQuery(deferred));
  const { rows } = pagedRows(list.data.pages);
  const filtered = Boolean(filters.financial_year || filters.kind);
  const columns: Column[] = [
    'Number',
    'Date',
    ...(own ? [] : ['Hotel']),
    'Taxable value',
    'Tax',
    'Total',
    [hiddenHeader('Download')],
  ];
  return (
    <section className="stack">
      {!own && (
        <div className="card review-filters invoices-toolbar" role="search" aria-label="Filter invoices">
          <FilterSelect
            label="Financial year"
            all="All years"
            options={years}
            value={filters.financial_year}
            onChange={(financial_year) => setFilters({ ...filters, financial_year })}
          />
          <FilterSelect
            label="Kind"
            all="All documents"
            options={KIND_OPTIONS}
            value={filters.kind}
            onChange={(kind) => setFilters({ ...filters, kind: kind as InvoiceFilters['kind'] })}
          />
          <ExportButton
            path="/invoices/export.csv"
            query={{ financial_year: filters.financial_year, kind: filters.kind }}
            fileName="invoices.csv"
          />
        </div>
      )}
      <Card>
        <ListTable
          rows={rows}
          caption={own ? 'Your invoices' : 'Invoices'}
          columns={columns}
          empty={
            filtered
              ? 'No invoices match these filters.'
              : 'No invoices yet: each paid subscription period gets one once billing is set up.'
          }
          className="invoices-table"
          layout="cards"
        >
          {(invoice) => (
            <tr key={invoice.id}>
              <td data-label="Number" className="table-card-lead">
                {invoice.number}
                {invoice.kind === 'credit_note' ? (
                  <span className="invoice-note">Credit note for {invoice.related_number}</span>
                ) : (
                  invoice.related_number && <span className="invoice-note">Cancelled by {invoice.related_number}</span>
                )}
              </td>
              <td data-label="Date">{formatDate(invoice.issued_on)}</td>
              {!own && <td data-label="Hotel">{invoice.recipient_name}</td>}
              <td data-label="Taxable value">{formatRupees(invoice.taxable_value, 2)}</td>
              <td data-label="Tax">
                <Tax invoice={invoice} />
              </td>
              <td data-label="Total">
                {invoice.kind === 'credit_note' ? '−' : ''}
                {formatRupees(invoice.total, 2)}
              </td>
              <td className="statement-files">
                <PdfButton invoice={invoice} own={own} />
              </td>
            </tr>
          )}
        </ListTable>
        <LoadMore list={list} />
      </Card>
    </section>
  );
}
