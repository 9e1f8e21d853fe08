import * as v from 'valibot';
import { decodeUuidKeysetCursor } from '../keyset-cursor';
import { gstinProblem, INVOICE_KINDS, isGstStateCode, MAX_PREFIX_LENGTH } from '../gst';
import { optionalParam, optionalText, pageCursor, pageLimit, requiredText, uuidText } from './common';
import { forbiddenCharsMessage, hasForbiddenChars } from './text';

/**
 * Billing (docs/PRODUCT.md "Tax invoices"): the operator's settings (PUT /settings/billing, the super admin), a
 * hotel's billing details (PUT /hotels/{id}/billing, PUT /hotel/billing), the invoice list's filters and a period's
 * cancellation.
 */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** An uploaded image (Settings' upload of the signature: /uploads/private/settings/<uuid>.<ext>). */
const SIGNATURE_PATH = /^\/uploads\/private\/settings\/[0-9a-f-]{36}\.(png|jpg|webp|gif)$/;

/** A GSTIN: trimmed and upper-cased, then format, state code and check character (the message says which failed). */
const gstinValue = v.pipe(
  v.string('GSTIN must be text'),
  v.trim(),
  v.toUpperCase(),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const problem = gstinProblem(dataset.value);
    if (problem) addIssue({ message: problem });
  }),
);

const stateCode = (label: string) =>
  v.pipe(
    v.string(`${label} is required`),
    v.trim(),
    v.check(isGstStateCode, `${label} must be a GST state code (01 to 38, or 97)`),
  );

const TAX_RATE_MESSAGE = 'Tax rate must be a number';

export const BillingSettingsSchema = v.object({
  legal_name: requiredText('Legal name is required', 200),
  address: requiredText('Address is required', 500, { multiline: true }),
  gstin: gstinValue,
  state_code: stateCode('State code'),
  sac_code: v.pipe(
    v.string('SAC code is required'),
    v.trim(),
    v.regex(/^99\d{4}$/, 'SAC code must be 6 digits starting with 99'),
  ),
  // A number, or its digits as a form's text field sends them ("18", "12.5").
  tax_rate: v.pipe(
    v.union([v.number(TAX_RATE_MESSAGE), v.string(TAX_RATE_MESSAGE)], TAX_RATE_MESSAGE),
    v.transform((value) =>
      typeof value === 'string' ? (/^\s*\d{1,2}(\.\d+)?\s*$/.test(value) ? Number(value) : Number.NaN) : value,
    ),
    v.check((n) => Number.isFinite(n) && n >= 0 && n <= 40, 'Tax rate must be from 0 to 40 %'),
    v.check((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-9, 'Tax rate must have at most 2 decimals'),
  ),
  invoice_prefix: v.pipe(
    v.string('Invoice prefix is required'),
    v.trim(),
    v.toUpperCase(),
    v.regex(
      new RegExp(`^[A-Z0-9]{1,${MAX_PREFIX_LENGTH}}$`),
      `Invoice prefix must be 1 to ${MAX_PREFIX_LENGTH} letters or digits (the number stays within 16 characters)`,
    ),
  ),
  signatory_name: requiredText('Signatory name is required', 100),
  signature_url: v.pipe(
    optionalText('Signature', 200),
    v.check((s) => s === null || SIGNATURE_PATH.test(s), 'Signature must be an image uploaded here'),
  ),
});
export type BillingSettingsInput = v.InferOutput<typeof BillingSettingsSchema>;

/**
 * A hotel's billing details: each key sent, each may be null or empty (no GSTIN: an unregistered recipient). Sent
 * every time, so a body that is not the form's (an empty one, an array) is refused rather than saved as all-empty.
 */
const present = (label: string, max: number) =>
  v.pipe(
    v.nullable(v.string(`${label} must be text or null`)),
    v.transform((s) => (s == null || s.trim() === '' ? null : s.trim())),
    v.check((s) => s === null || !hasForbiddenChars(s), forbiddenCharsMessage(label)),
    v.check((s) => s === null || s.length <= max, `${label} must be at most ${max} characters`),
  );
export const HotelBillingSchema = v.object({
  gstin: v.pipe(
    present('GSTIN', 15),
    v.transform((s) => s?.toUpperCase() ?? null),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed || dataset.value === null) return;
      const problem = gstinProblem(dataset.value);
      if (problem) addIssue({ message: problem });
    }),
  ),
  state_code: v.pipe(
    present('State', 2),
    v.check((s) => s === null || isGstStateCode(s), 'State must be a GST state code (01 to 38, or 97)'),
  ),
  billing_email: v.pipe(
    present('Billing e-mail', 200),
    v.check((s) => s === null || EMAIL.test(s), 'Billing e-mail must be a valid email address'),
  ),
});
export type HotelBillingInput = v.InferOutput<typeof HotelBillingSchema>;

/** A registered hotel's GSTIN must belong to the state it is billed in (its first two digits). */
export const GSTIN_STATE_MESSAGE = "GSTIN's state code must match the hotel's state";

export const INVOICES_PAGE_DEFAULT = 50;
export const INVOICES_PAGE_MAX = 200;

/** GET /invoices (the back office) and GET /hotel/invoices: filters and keyset paging, newest first. */
export const InvoicesQuery = v.object({
  financial_year: optionalParam(
    v.pipe(
      v.string(),
      v.regex(/^20\d{2}$/, 'financial_year must be the year it starts in, e.g. 2026 for 2026-27'),
      v.transform(Number),
    ),
  ),
  hotel_id: optionalParam(uuidText('hotel_id')),
  kind: optionalParam(v.picklist(INVOICE_KINDS, `kind must be one of ${INVOICE_KINDS.join(', ')}`)),
  limit: optionalParam(pageLimit(INVOICES_PAGE_MAX)),
  cursor: optionalParam(
    pageCursor(decodeUuidKeysetCursor, 'cursor is not a valid page cursor: load the list again from the first page'),
  ),
});
export type InvoicesFilter = v.InferOutput<typeof InvoicesQuery>;
/** The export takes the list's filters, without paging. */
export const InvoicesExportQuery = v.object({
  financial_year: InvoicesQuery.entries.financial_year,
  hotel_id: InvoicesQuery.entries.hotel_id,
  kind: InvoicesQuery.entries.kind,
});

/** POST /subscription-periods/{id}/cancel: why (kept on the credit note and in the audit trail). */
export const CancelPeriodSchema = v.object({ reason: requiredText('Reason is required', 500, { multiline: true }) });
