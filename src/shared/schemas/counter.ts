import * as v from 'valibot';
import { calendarDate, requiredText } from './common';
import { isVoucherCode, NOT_A_CODE_MESSAGE, normalizeVoucherCode } from './merchant-area';
import { safeText } from './text';

/**
 * The counter beyond the redemption (docs/COUNTER.md): today's redemptions, undo with a reason, the bill amount.
 */

/** A merchant may undo its own redemption for this long after it (the super admin at any time). */
export const UNDO_WINDOW_MINUTES = 10;
/** The longest list of one day's redemptions at one merchant (GET /merchant/redemptions). */
export const COUNTER_DAY_LIMIT = 500;
/** The largest bill amount a merchant may enter, in rupees (10,00,000). */
export const MAX_BILL_AMOUNT = 1_000_000;

export const REASON_REQUIRED = 'Please give a reason for the undo';
export const REASON_MAX = 200;
export const BILL_AMOUNT_REQUIRED = 'Please enter the bill amount';

/** `{code}` in a path: trimmed and upper-cased as typed at the counter, then 8 characters of the code alphabet. */
export const VoucherCodeParam = v.object({
  code: v.pipe(
    v.string(NOT_A_CODE_MESSAGE),
    safeText('Voucher code'),
    v.transform(normalizeVoucherCode),
    v.check(isVoucherCode, NOT_A_CODE_MESSAGE),
  ),
});

/** GET /merchant/redemptions?date=YYYY-MM-DD: one business day, today when absent. */
export const CounterDayQuerySchema = v.object({ date: v.optional(calendarDate('date')) });
export type CounterDayQuery = v.InferOutput<typeof CounterDayQuerySchema>;

/** POST /merchant/redemptions/{code}/undo and POST /coupons/{code}/undo: {reason}, one short line. */
export const UndoRedemptionSchema = v.object({
  reason: requiredText(REASON_REQUIRED, REASON_MAX, { label: 'Reason' }),
});
export type UndoRedemptionInput = v.InferOutput<typeof UndoRedemptionSchema>;

/** At most two decimal places (paise), allowing for binary fractions such as 0.1 + 0.2. */
const isPaise = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/** PUT /merchant/redemptions/{code}/bill {bill_amount}: rupees, more than 0, at most 10,00,000, paise at most. */
export const BillAmountSchema = v.object({
  bill_amount: v.pipe(
    v.number(BILL_AMOUNT_REQUIRED),
    v.finite('Bill amount must be a number'),
    v.check((n) => n > 0, 'Bill amount must be more than 0'),
    v.maxValue(MAX_BILL_AMOUNT, 'Bill amount must be at most ₹10,00,000'),
    v.check(isPaise, 'Bill amount must have at most 2 decimal places'),
    v.transform((n) => Math.round(n * 100) / 100),
  ),
});
export type BillAmountInput = v.InferOutput<typeof BillAmountSchema>;
