import * as v from 'valibot';
import { INVOICE_KINDS } from '../../../shared/gst';
import { isoDate, isoDateTime, named, uuid } from '../../platform/openapi/shapes';
import type { BillingSettingsRow, HotelBillingRow, InvoiceRow } from './invoices.service';

/** The SAC and rate the settings start from (docs/PRODUCT.md "Tax invoices": advertising services, 18 %). */
export const DEFAULT_SAC_CODE = '998361';
export const DEFAULT_TAX_RATE = 18;

/** GET /settings/billing: `configured` false (and the fields empty, but for the defaults) until first saved. */
export const BillingSettingsView = named(
  'BillingSettings',
  v.strictObject({
    configured: v.boolean(),
    legal_name: v.string(),
    address: v.string(),
    gstin: v.string(),
    state_code: v.string(),
    sac_code: v.string(),
    tax_rate: v.number(),
    invoice_prefix: v.string(),
    signatory_name: v.string(),
    signature_url: v.nullable(v.string()),
  }),
);
export type BillingSettingsView = v.InferOutput<typeof BillingSettingsView>;

export function presentBillingSettings(row: BillingSettingsRow | undefined): BillingSettingsView {
  return {
    configured: row !== undefined,
    legal_name: row?.legalName ?? '',
    address: row?.address ?? '',
    gstin: row?.gstin ?? '',
    state_code: row?.stateCode ?? '',
    sac_code: row?.sacCode ?? DEFAULT_SAC_CODE,
    tax_rate: row?.taxRate ?? DEFAULT_TAX_RATE,
    invoice_prefix: row?.invoicePrefix ?? '',
    signatory_name: row?.signatoryName ?? '',
    signature_url: row?.signatureUrl ?? null,
  };
}

/** A hotel's billing details (no amounts: a manager sees them too). */
export const HotelBillingView = named(
  'HotelBilling',
  v.strictObject({
    gstin: v.nullable(v.string()),
    state_code: v.nullable(v.string()),
    billing_email: v.nullable(v.string()),
  }),
);
export type HotelBillingView = v.InferOutput<typeof HotelBillingView>;

export const presentHotelBilling = (row: HotelBillingRow): HotelBillingView => ({
  gstin: row.gstin,
  state_code: row.stateCode,
  billing_email: row.billingEmail,
});

/**
 * A tax invoice or credit note as issued. `related_number`: a credit note's invoice, or the credit note that
 * cancelled an invoice (null when none). Amounts are positive; `kind` says which way they go.
 */
export const InvoiceView = named(
  'Invoice',
  v.strictObject({
    id: uuid,
    kind: v.picklist(INVOICE_KINDS),
    number: v.string(),
    financial_year: v.number(),
    issued_on: isoDate,
    issued_at: isoDateTime,
    hotel_id: uuid,
    period_id: uuid,
    related_number: v.nullable(v.string()),
    reason: v.nullable(v.string()),
    recipient_name: v.string(),
    recipient_gstin: v.nullable(v.string()),
    place_of_supply: v.string(),
    supplier_state_code: v.string(),
    sac_code: v.string(),
    description: v.string(),
    period_from: isoDate,
    period_to: isoDate,
    taxable_value: v.number(),
    tax_rate: v.number(),
    cgst: v.number(),
    sgst: v.number(),
    igst: v.number(),
    total: v.number(),
  }),
);
export type InvoiceView = v.InferOutput<typeof InvoiceView>;

export const presentInvoice = (row: InvoiceRow): InvoiceView => ({
  id: row.id,
  kind: row.kind,
  number: row.number,
  financial_year: row.financialYear,
  issued_on: row.issuedOn,
  issued_at: row.issuedAt.toISOString(),
  hotel_id: row.hotelId,
  period_id: row.periodId,
  related_number: row.relatedNumber,
  reason: row.reason,
  recipient_name: row.recipientName,
  recipient_gstin: row.recipientGstin,
  place_of_supply: row.recipientStateCode,
  supplier_state_code: row.supplierStateCode,
  sac_code: row.sacCode,
  description: row.description,
  period_from: row.periodFrom,
  period_to: row.periodTo,
  taxable_value: row.taxableValue,
  tax_rate: row.taxRate,
  cgst: row.cgst,
  sgst: row.sgst,
  igst: row.igst,
  total: row.total,
});
