import * as v from 'valibot';
import { calendarDate, optionalText } from './common';

/**
 * A subscription period's payments (docs/PRODUCT.md "Payments"): what the back office records by hand
 * (POST /payments/periods/{id}) and the statuses every screen shows.
 */

/** How a hotel paid. 'gateway': through a payment link; 'before_tracking': recorded as paid before payments were kept. */
export const PAYMENT_METHODS = [
  'upi',
  'bank_transfer',
  'cheque',
  'cash',
  'card',
  'other',
  'gateway',
  'before_tracking',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** The methods a person may record by hand. */
export const MANUAL_PAYMENT_METHODS = ['upi', 'bank_transfer', 'cheque', 'cash', 'card', 'other'] as const;
export const PAYMENT_METHOD_NAMES: Record<PaymentMethod, string> = {
  upi: 'UPI',
  bank_transfer: 'Bank transfer',
  cheque: 'Cheque',
  cash: 'Cash',
  card: 'Card',
  other: 'Other',
  gateway: 'Payment link',
  before_tracking: 'Recorded as paid before payments were tracked',
};

/** A period's payment status: nothing received, some, or all that is due (payments plus tax deducted at source). */
export const PAYMENT_STATUSES = ['unpaid', 'partly_paid', 'paid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_NAMES: Record<PaymentStatus, string> = {
  unpaid: 'Unpaid',
  partly_paid: 'Partly paid',
  paid: 'Paid',
};

const rupees = (label: string, { min }: { min: number }) => {
  const message = `${label} must be an amount in rupees`;
  return v.pipe(
    v.union([v.number(message), v.string(message)], message),
    v.transform((value) =>
      typeof value === 'string' ? (/^\s*\d{1,10}(\.\d{1,2})?\s*$/.test(value) ? Number(value) : Number.NaN) : value,
    ),
    v.check(
      (n) => Number.isFinite(n) && n >= min,
      min > 0 ? `${label} must be more than 0` : `${label} cannot be negative`,
    ),
    v.check((n) => n < 1e10, `${label} is too large`),
    v.check((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `${label} must have at most 2 decimals`),
    v.transform((n) => Math.round(n * 100) / 100),
  );
};

/**
 * A payment recorded by hand: the amount received, any tax the hotel deducted at source (TDS: it counts towards what
 * is due, the hotel pays it to the government for the operator), how and when, and a reference (UTR, cheque number).
 */
export const ManualPaymentSchema = v.object({
  amount: rupees('Amount received', { min: 0.01 }),
  tds_amount: v.optional(rupees('TDS deducted', { min: 0 }), 0),
  method: v.picklist(MANUAL_PAYMENT_METHODS, 'Choose how the hotel paid'),
  paid_on: calendarDate('Payment date'),
  reference: optionalText('Reference', 100),
});
export type ManualPaymentInput = v.InferOutput<typeof ManualPaymentSchema>;
