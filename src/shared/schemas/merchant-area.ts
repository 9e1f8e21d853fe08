import * as v from 'valibot';
import { VOUCHER_CODE_ALPHABET, VOUCHER_CODE_LENGTH } from '../constants';
import { calendarDate, optionalParam, requiredText } from './common';
import { safeText } from './text';

/**
 * docs/PRODUCT.md "Forms and messages" and the redemption texts (the result titles are on the web side; these are the
 * server's messages).
 */
export const VOUCHER_CODE_REQUIRED = 'Please enter a voucher code';
export const REDEEMED_MESSAGE = 'Voucher redeemed successfully';
export const ALREADY_REDEEMED_MESSAGE = 'This voucher has already been redeemed';
export const NOT_A_CODE_MESSAGE = `This is not a voucher code: codes have ${VOUCHER_CODE_LENGTH} letters and digits`;
export const UNKNOWN_CODE_MESSAGE = 'No voucher with this code was found for your store';
export const RETRY_MESSAGE = 'This voucher could not be redeemed just now. Please try again.';
export const CANCELLED_MESSAGE = "This voucher was cancelled at the guest's request and can no longer be redeemed";
/** Web fallbacks (docs/PRODUCT.md "Forms and messages"). */
export const REDEEM_ERROR_FALLBACK = 'Error validating voucher';
export const OFFER_SAVE_ERROR_FALLBACK = 'Error saving offer';

/** Trimmed and upper-cased, as the code is typed at the counter (docs/PRODUCT.md "Codes and redemption"). */
export const normalizeVoucherCode = (raw: string): string => raw.trim().toUpperCase();

const CODE_PATTERN = new RegExp(`^[${VOUCHER_CODE_ALPHABET}]{${VOUCHER_CODE_LENGTH}}$`);

/** 8 characters from the code alphabet (no 0/O/1/I). Anything else can never be a voucher. */
export const isVoucherCode = (code: string): boolean => CODE_PATTERN.test(code);

/** The largest bill amount a merchant may enter, in rupees (10,00,000). */
export const MAX_BILL_AMOUNT = 1_000_000;
export const BILL_AMOUNT_REQUIRED = 'Please enter the bill amount';

/** At most two decimal places (paise), allowing for binary fractions such as 0.1 + 0.2. */
const isPaise = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/** A bill amount: rupees, more than 0, at most 10,00,000, paise at most (docs/COUNTER.md "Bill amount"). */
export const billAmountValue = v.pipe(
  v.number(BILL_AMOUNT_REQUIRED),
  v.finite('Bill amount must be a number'),
  v.check((n) => n > 0, 'Bill amount must be more than 0'),
  v.maxValue(MAX_BILL_AMOUNT, 'Bill amount must be at most ₹10,00,000'),
  v.check(isPaise, 'Bill amount must have at most 2 decimal places'),
  v.transform((n) => Math.round(n * 100) / 100),
);

export const OVERRIDE_REASON_REQUIRED = 'Please give a reason for redeeming anyway';
export const OVERRIDE_REASON_MAX = 200;

/**
 * POST /merchant/redeem-voucher {voucher_code, bill_amount?, override_reason?}. A missing or blank code (or one with
 * control characters) is a 422; any other malformed one is answered as an "invalid" result, so the counter shows the
 * red panel. `bill_amount` is the bill when the offer has a minimum bill (docs/COUNTER.md "Offer rules at the
 * counter"); `override_reason` redeems anyway, past a `not_valid_now` rule, and marks the redemption.
 */
export const RedeemVoucherSchema = v.object({
  voucher_code: v.pipe(
    v.string(VOUCHER_CODE_REQUIRED),
    v.transform(normalizeVoucherCode),
    v.nonEmpty(VOUCHER_CODE_REQUIRED),
    safeText('Voucher code'),
    v.maxLength(100, NOT_A_CODE_MESSAGE),
  ),
  bill_amount: v.optional(billAmountValue),
  override_reason: v.optional(
    requiredText(OVERRIDE_REASON_REQUIRED, OVERRIDE_REASON_MAX, { label: 'Override reason' }),
  ),
});
export type RedeemVoucherInput = v.InferOutput<typeof RedeemVoucherSchema>;

export const MY_CUSTOMERS_PAGE_DEFAULT = 200;
export const MY_CUSTOMERS_PAGE_MAX = 500;

const optionalCount = (field: string, pattern: RegExp, min: number, max: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(pattern, `${field} must be a whole number`),
      v.transform(Number),
      v.minValue(min, `${field} must be ${min} to ${max}`),
      v.maxValue(max, `${field} must be ${min} to ${max}`),
    ),
  );

/**
 * GET /merchant/my-customers?from=&to=&limit=&offset=: redemption dates (business days, To inclusive to the end
 * of that day); one row per guest scan, latest redemption first; X-Total-Count has the number of rows.
 */
export const MyCustomersQuerySchema = v.pipe(
  v.object({
    from: optionalParam(calendarDate('from')),
    to: optionalParam(calendarDate('to')),
    limit: optionalCount('limit', /^\d{1,6}$/, 1, MY_CUSTOMERS_PAGE_MAX),
    offset: optionalCount('offset', /^\d{1,9}$/, 0, 999_999_999),
  }),
  v.check((q) => !q.from || !q.to || q.from <= q.to, 'The From date must not be after the To date'),
);
export type MyCustomersQuery = v.InferOutput<typeof MyCustomersQuerySchema>;

/** GET /merchant/my-customers/export?from=&to=: the list's dates; the file holds every redeemed voucher in them. */
export const MyCustomersExportQuerySchema = v.pipe(
  v.object({ from: optionalParam(calendarDate('from')), to: optionalParam(calendarDate('to')) }),
  v.check((q) => !q.from || !q.to || q.from <= q.to, 'The From date must not be after the To date'),
);
export type MyCustomersExportQuery = v.InferOutput<typeof MyCustomersExportQuerySchema>;
