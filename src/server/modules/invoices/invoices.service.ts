import { aliasedTable, and, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { IsoDate } from '../../../shared/dates';
import { formatDate } from '../../../shared/format';
import {
  documentNumber,
  financialYearOf,
  fromPaise,
  MAX_SERIAL,
  splitTax,
  toPaise,
  type InvoiceKind,
} from '../../../shared/gst';
import { encodeKeysetCursor } from '../../../shared/keyset-cursor';
import {
  GSTIN_STATE_MESSAGE,
  INVOICES_PAGE_DEFAULT,
  type BillingSettingsInput,
  type HotelBillingInput,
  type InvoicesFilter,
} from '../../../shared/schemas/invoices';
import type { Db } from '../../db/client';
import type { RowOf } from '../../db/table-columns';
import { exactUtc } from '../../platform/lib/business-time';
import { keysetBatches } from '../../platform/lib/csv';
import { AppError, notFound } from '../../platform/lib/errors';
import { recordUpdate, type AuditContext } from '../audit/audit.service';
import { hotels } from '../hotels/table';
import { billingSettings, hotelBilling, invoiceCounters, invoices } from './table';

/**
 * Tax invoices and credit notes for the hotels' subscriptions (docs/PRODUCT.md "Tax invoices", docs/DATA.md
 * "Invoices"): the operator's billing settings, a hotel's billing details, issuing a document in the caller's
 * transaction with the next number of its series, and reading them back. Nothing here changes an issued document.
 */

const settingsColumns = (() => {
  const { id: _id, updatedAt: _updatedAt, ...columns } = getTableColumns(billingSettings);
  return columns;
})();
export type BillingSettingsRow = Awaited<ReturnType<typeof readSettings>>[number];
const readSettings = (db: Db) => db.select(settingsColumns).from(billingSettings).where(eq(billingSettings.id, 1));

/** The operator's billing settings, or undefined before the super admin first saves them (no invoices then). */
export async function getBillingSettings(db: Db): Promise<BillingSettingsRow | undefined> {
  return (await readSettings(db))[0];
}

export async function saveBillingSettings(
  db: Db,
  input: BillingSettingsInput,
  audit: AuditContext,
): Promise<BillingSettingsRow> {
  if (input.gstin.slice(0, 2) !== input.state_code) throw new AppError(422, "GSTIN's state code must match the state");
  return db.transaction(async (tx) => {
    const before = (await getBillingSettings(tx)) ?? {};
    const values = {
      legalName: input.legal_name,
      address: input.address,
      gstin: input.gstin,
      stateCode: input.state_code,
      sacCode: input.sac_code,
      taxRate: input.tax_rate,
      invoicePrefix: input.invoice_prefix,
      signatoryName: input.signatory_name,
      signatureUrl: input.signature_url,
    };
    await tx
      .insert(billingSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: billingSettings.id, set: { ...values, updatedAt: new Date() } });
    const after = (await getBillingSettings(tx))!;
    await recordUpdate(tx, audit, 'billing_settings', 1, { before, after });
    return after;
  });
}

export interface HotelBillingRow {
  gstin: string | null;
  stateCode: string | null;
  billingEmail: string | null;
}
const NO_BILLING: HotelBillingRow = { gstin: null, stateCode: null, billingEmail: null };

/** A hotel's billing details (all empty until set). The caller has checked the hotel exists. */
export async function getHotelBilling(db: Db, hotelId: string): Promise<HotelBillingRow> {
  const [row] = await db
    .select({ gstin: hotelBilling.gstin, stateCode: hotelBilling.stateCode, billingEmail: hotelBilling.billingEmail })
    .from(hotelBilling)
    .where(eq(hotelBilling.hotelId, hotelId));
  return row ?? NO_BILLING;
}

/**
 * Saves a hotel's billing details (the back office, or the hotel in its area). A GSTIN names its state: without a
 * state the GSTIN's is taken, and a different one is refused. Already issued invoices keep what they printed.
 */
export async function saveHotelBilling(
  db: Db,
  hotelId: string,
  input: HotelBillingInput,
  audit: AuditContext,
): Promise<HotelBillingRow> {
  const stateCode = input.state_code ?? input.gstin?.slice(0, 2) ?? null;
  if (input.gstin && input.gstin.slice(0, 2) !== stateCode) throw new AppError(422, GSTIN_STATE_MESSAGE);
  const values = { gstin: input.gstin, stateCode, billingEmail: input.billing_email };
  return db.transaction(async (tx) => {
    const before = await getHotelBilling(tx, hotelId);
    await tx
      .insert(hotelBilling)
      .values({ hotelId, ...values })
      .onConflictDoUpdate({ target: hotelBilling.hotelId, set: { ...values, updatedAt: new Date() } });
    await recordUpdate(tx, audit, 'hotel_billing', hotelId, { before, after: values });
    return values;
  });
}

/**
 * The next serial of a series in a financial year, in the caller's transaction (docs/DATA.md "Invoice numbers"):
 * one statement that takes the counter row's lock until the transaction ends, so concurrent issues (on any server)
 * queue, and a rolled-back issue gives its serial back: consecutive, no gaps. The year's first issue makes the row.
 */
async function nextSerial(tx: Db, kind: InvoiceKind, financialYear: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ kind, financialYear, lastSerial: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.kind, invoiceCounters.financialYear],
      set: { lastSerial: sql`${invoiceCounters.lastSerial} + 1` },
    })
    .returning({ serial: invoiceCounters.lastSerial });
  const serial = row!.serial;
  if (serial > MAX_SERIAL[kind])
    throw new AppError(409, 'This financial year has used every number of the series: ask for the series to grow');
  return serial;
}

/** What a new invoice needs of its period (the caller's, in its transaction). */
export interface InvoicedPeriod {
  id: string;
  hotelId: string;
  fromDate: IsoDate;
  toDate: IsoDate;
  amount: number;
  isRenewal: boolean;
  durationName: string;
}

/**
 * Issues the tax invoice of a new subscription period, in the transaction that records the period: dated `today`
 * (business time zone: its financial year gives the number), the amount as the taxable value, CGST + SGST when the
 * place of supply is the operator's state, else IGST. The place of supply is the hotel's state, or the operator's
 * when the hotel has none on record (IGST Act, section 12(2)(b)). No invoice before the billing settings exist, nor
 * for an amount of 0. Every party detail is copied onto the row.
 */
export async function issuePeriodInvoice(tx: Db, period: InvoicedPeriod, today: IsoDate) {
  if (!(period.amount > 0)) return undefined;
  const settings = await getBillingSettings(tx);
  if (!settings) return undefined;
  const [hotel] = await tx
    .select({ name: hotels.name, address: hotels.address })
    .from(hotels)
    .where(eq(hotels.id, period.hotelId));
  const billing = await getHotelBilling(tx, period.hotelId);
  const placeOfSupply = billing.stateCode ?? settings.stateCode;
  const taxable = toPaise(period.amount);
  const tax = splitTax(taxable, settings.taxRate, placeOfSupply === settings.stateCode);
  const financialYear = financialYearOf(today);
  const serial = await nextSerial(tx, 'invoice', financialYear);
  const what = period.isRenewal ? 'subscription renewal' : 'subscription';
  const [row] = await tx
    .insert(invoices)
    .values({
      kind: 'invoice',
      number: documentNumber(settings.invoicePrefix, 'invoice', financialYear, serial),
      financialYear,
      serial,
      issuedOn: today,
      hotelId: period.hotelId,
      periodId: period.id,
      supplierName: settings.legalName,
      supplierAddress: settings.address,
      supplierGstin: settings.gstin,
      supplierStateCode: settings.stateCode,
      signatoryName: settings.signatoryName,
      signatureUrl: settings.signatureUrl,
      recipientName: hotel!.name,
      recipientAddress: hotel!.address,
      recipientGstin: billing.gstin,
      recipientStateCode: placeOfSupply,
      sacCode: settings.sacCode,
      description: `StayPerks guest perks programme, ${what} (${period.durationName}): ${formatDate(period.fromDate)} to ${formatDate(period.toDate)}`,
      periodFrom: period.fromDate,
      periodTo: period.toDate,
      taxableValue: fromPaise(taxable),
      taxRate: settings.taxRate,
      cgst: fromPaise(tax.cgst),
      sgst: fromPaise(tax.sgst),
      igst: fromPaise(tax.igst),
      total: fromPaise(tax.total),
    })
    .returning({ id: invoices.id, number: invoices.number });
  return row;
}

/** The period's invoice (not a credit note), or undefined. */
export async function invoiceOfPeriod(db: Db, periodId: string) {
  const [row] = await db
    .select(getTableColumns(invoices))
    .from(invoices)
    .where(and(eq(invoices.periodId, periodId), eq(invoices.kind, 'invoice')));
  return row;
}

/**
 * Issues the credit note that cancels `invoice` in full (docs/PRODUCT.md "Tax invoices"), in the caller's
 * transaction: its own series, dated `today`, the invoice's parties and figures as the invoice printed them, and the
 * reason. The invoice itself is left as it is.
 */
export async function issueCreditNote(
  tx: Db,
  invoice: typeof invoices.$inferSelect,
  reason: string,
  today: IsoDate,
  prefix: string,
) {
  const financialYear = financialYearOf(today);
  const serial = await nextSerial(tx, 'credit_note', financialYear);
  const { id: _id, issuedAt: _issuedAt, ...copied } = invoice;
  const [row] = await tx
    .insert(invoices)
    .values({
      ...copied,
      kind: 'credit_note',
      number: documentNumber(prefix, 'credit_note', financialYear, serial),
      financialYear,
      serial,
      issuedOn: today,
      creditedInvoiceId: invoice.id,
      reason,
      description: `Cancellation of ${invoice.number}: ${invoice.description}`,
    })
    .returning({ id: invoices.id, number: invoices.number });
  return row!;
}

/** Whose documents a caller may read: the back office any, a hotel its own. */
export type InvoiceScope = { kind: 'all' } | { kind: 'hotel'; id: string };

/** The other document of a pair: a credit note's invoice (by its key), an invoice's credit note (unique index). */
const creditedInvoice = aliasedTable(invoices, 'credited_invoice');
const creditNote = aliasedTable(invoices, 'credit_note');
const ownColumns = { ...getTableColumns(invoices), at: exactUtc(invoices.issuedAt) };
/** A document as listed: its columns, `at` (issue time to the microsecond, for the cursor), the related number. */
export type InvoiceRow = RowOf<typeof ownColumns> & { relatedNumber: string | null; relatedIssuedOn: string | null };

function selectInvoices(db: Db) {
  // Typed by hand: Drizzle's inferred row of a self-join through an alias comes out as never.
  const query: {
    where(condition: SQL | undefined): {
      orderBy(...order: SQL[]): { limit(n: number): Promise<InvoiceRow[]> };
    } & Promise<InvoiceRow[]>;
  } = db
    .select({
      ...ownColumns,
      relatedNumber: sql<string | null>`coalesce(${creditedInvoice.number}, ${creditNote.number})`,
      // A credit note prints its invoice's date too (CGST Rules, rule 53(1A)).
      relatedIssuedOn: sql<string | null>`coalesce(${creditedInvoice.issuedOn}, ${creditNote.issuedOn})::text`,
    })
    .from(invoices)
    .leftJoin(creditedInvoice, eq(creditedInvoice.id, invoices.creditedInvoiceId))
    .leftJoin(creditNote, eq(creditNote.creditedInvoiceId, invoices.id));
  return query;
}

function filterConditions(scope: InvoiceScope, filter: Omit<InvoicesFilter, 'limit' | 'cursor'>): (SQL | undefined)[] {
  return [
    scope.kind === 'hotel' ? eq(invoices.hotelId, scope.id) : undefined,
    filter.hotel_id ? eq(invoices.hotelId, filter.hotel_id) : undefined,
    filter.financial_year !== undefined ? eq(invoices.financialYear, filter.financial_year) : undefined,
    filter.kind ? eq(invoices.kind, filter.kind) : undefined,
  ];
}

/** A page of documents, newest first (keyset paging on issue time and id). */
export async function listInvoices(db: Db, scope: InvoiceScope, filter: InvoicesFilter) {
  const limit = filter.limit ?? INVOICES_PAGE_DEFAULT;
  const rows = await selectInvoices(db)
    .where(
      and(
        ...filterConditions(scope, filter),
        filter.cursor
          ? sql`(${invoices.issuedAt}, ${invoices.id}) < (${filter.cursor.at}::timestamptz, ${filter.cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(invoices.issuedAt), desc(invoices.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    rows: page,
    nextCursor: rows.length > limit && last ? encodeKeysetCursor({ at: last.at, id: last.id }) : undefined,
  };
}

/** Every matching document, newest first, in batches (the CSV export; the next batch read while one is written). */
export function invoiceBatches(db: Db, filter: Omit<InvoicesFilter, 'limit' | 'cursor'>) {
  return keysetBatches(async (cursor: InvoicesFilter['cursor']) => {
    const page = await listInvoices(db, { kind: 'all' }, { ...filter, cursor, limit: 500 });
    const last = page.rows[page.rows.length - 1];
    return { rows: page.rows, next: page.nextCursor && last ? { at: last.at, id: last.id } : undefined };
  });
}

/** One document the caller may read; another hotel's is "not found", as if it did not exist. */
export async function getInvoice(db: Db, scope: InvoiceScope, id: string): Promise<InvoiceRow> {
  const [row] = await selectInvoices(db).where(and(eq(invoices.id, id), ...filterConditions(scope, {})));
  if (!row) throw notFound('Invoice not found');
  return row;
}
