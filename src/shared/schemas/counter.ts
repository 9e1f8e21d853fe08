import * as v from 'valibot';
import { calendarDate, requiredText } from './common';
import { billAmountValue, isVoucherCode, NOT_A_CODE_MESSAGE, normalizeVoucherCode } from './merchant-area';

export { BILL_AMOUNT_REQUIRED, MAX_BILL_AMOUNT } from './merchant-area';
import { safeText } from './text';

/**
 * The counter beyond the redemption (docs/COUNTER.md): today's redemptions, undo with a reason, the bill amount.
 */

/** A merchant may undo its own redemption for this long after it (the super admin at any time). */
export const UNDO_WINDOW_MINUTES = 10;
/** The longest list of one day's redemptions at one merchant (GET /merchant/redemptions). */
export const COUNTER_DAY_LIMIT = 500;

export const REASON_REQUIRED = 'Please give a reason for the undo';
export const REASON_MAX = 200;

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

/** PUT /merchant/redemptions/{code}/bill {bill_amount}: rupees, more than 0, at most 10,00,000, paise at most. */
export const BillAmountSchema = v.object({ bill_amount: billAmountValue });
export type BillAmountInput = v.InferOutput<typeof BillAmountSchema>;
