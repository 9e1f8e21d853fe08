import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { rupees, uuidKey, uuidRef } from '../../db/columns';
import { hotels } from '../hotels/table';
import { subscriptionPeriods } from '../subscriptions/table';

const money = (name: string) => rupees(name).notNull();
const rate = (name: string) => numeric(name, { precision: 5, scale: 2, mode: 'number' }).notNull();

/**
 * The operator's billing settings (one row, id 1; docs/PRODUCT.md "Tax invoices"): who issues the tax invoices. No
 * invoice is issued before the super admin saves them; each invoice copies what it prints, so a later change never
 * alters an issued one.
 */
export const billingSettings = pgTable(
  'billing_settings',
  {
    id: integer('id').primaryKey().default(1),
    legalName: text('legal_name').notNull(),
    address: text('address').notNull(),
    gstin: text('gstin').notNull(),
    stateCode: text('state_code').notNull(),
    sacCode: text('sac_code').notNull(),
    taxRate: rate('tax_rate').default(18),
    invoicePrefix: text('invoice_prefix').notNull(),
    signatoryName: text('signatory_name').notNull(),
    signatureUrl: text('signature_url'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('billing_settings_one_row', sql`${t.id} = 1`)],
);

/** A hotel's billing details (docs/PRODUCT.md "Tax invoices"): its GSTIN when registered, its state, an e-mail. */
export const hotelBilling = pgTable('hotel_billing', {
  hotelId: uuid('hotel_id')
    .primaryKey()
    .references(() => hotels.id, { onDelete: 'cascade' }),
  gstin: text('gstin'),
  stateCode: text('state_code'),
  billingEmail: text('billing_email'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The last serial issued per series and financial year (docs/DATA.md "Invoice numbers"): the next number is taken
 * with one UPDATE ... RETURNING in the transaction that issues the document, so the row lock queues concurrent
 * issues (on any server) and a rolled-back issue gives its serial back: no gaps, no repeats.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    financialYear: integer('financial_year').notNull(),
    lastSerial: integer('last_serial').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.financialYear] })],
);

/**
 * Tax invoices and credit notes (docs/PRODUCT.md "Tax invoices", docs/DATA.md "Invoices"): every party detail and
 * figure as printed, copied at issue, never updated or deleted (a trigger refuses both). A credit note names the
 * invoice it cancels.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuidKey(),
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    number: text('number').notNull().unique(),
    financialYear: integer('financial_year').notNull(),
    serial: integer('serial').notNull(),
    issuedOn: date('issued_on').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    hotelId: uuidRef('hotel_id', () => hotels.id),
    periodId: uuidRef('period_id', () => subscriptionPeriods.id),
    creditedInvoiceId: uuid('credited_invoice_id').references((): AnyPgColumn => invoices.id),
    reason: text('reason'),
    supplierName: text('supplier_name').notNull(),
    supplierAddress: text('supplier_address').notNull(),
    supplierGstin: text('supplier_gstin').notNull(),
    supplierStateCode: text('supplier_state_code').notNull(),
    signatoryName: text('signatory_name').notNull(),
    signatureUrl: text('signature_url'),
    recipientName: text('recipient_name').notNull(),
    recipientAddress: text('recipient_address').notNull(),
    recipientGstin: text('recipient_gstin'),
    /** The place of supply: the hotel's state, or the operator's when the hotel has none on record. */
    recipientStateCode: text('recipient_state_code').notNull(),
    sacCode: text('sac_code').notNull(),
    description: text('description').notNull(),
    periodFrom: date('period_from').notNull(),
    periodTo: date('period_to').notNull(),
    taxableValue: money('taxable_value'),
    taxRate: rate('tax_rate'),
    cgst: money('cgst'),
    sgst: money('sgst'),
    igst: money('igst'),
    total: money('total'),
  },
  (t) => [
    uniqueIndex('invoices_series_serial_idx').on(t.kind, t.financialYear, t.serial),
    uniqueIndex('invoices_one_per_period_idx')
      .on(t.periodId)
      .where(sql`${t.kind} = 'invoice'`),
    uniqueIndex('invoices_one_credit_note_idx').on(t.creditedInvoiceId),
    index('invoices_issued_idx').on(t.issuedAt, t.id),
    index('invoices_hotel_issued_idx').on(t.hotelId, t.issuedAt, t.id),
    check('invoices_taxable_positive', sql`${t.taxableValue} > 0`),
    check(
      'invoices_credit_note_refers',
      sql`(${t.kind} = 'credit_note') = (${t.creditedInvoiceId} is not null and ${t.reason} is not null)`,
    ),
  ],
);
