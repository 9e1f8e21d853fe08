import * as v from 'valibot';
import { fromPaise } from '../../../shared/gst';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '../../../shared/schemas/payments';
import { isoDate, isoDateTime, named, uuid } from '../../platform/openapi/shapes';
import type { HotelPeriodPayments } from './payments.service';
import { PAYMENT_LINK_STATUSES, type paymentLinks, type periodPayments } from './table';

/** One payment of a period (rupees): received, TDS, the part flagged for refund. */
export const PaymentView = named(
  'Payment',
  v.strictObject({
    id: uuid,
    method: v.picklist(PAYMENT_METHODS),
    amount: v.number(),
    tds_amount: v.number(),
    refund_amount: v.number(),
    paid_on: isoDate,
    reference: v.nullable(v.string()),
    recorded_by: v.string(),
    recorded_at: isoDateTime,
  }),
);
export type PaymentView = v.InferOutput<typeof PaymentView>;

export const presentPayment = (row: typeof periodPayments.$inferSelect): PaymentView => ({
  id: row.id,
  method: row.method,
  amount: Number(row.amount),
  tds_amount: Number(row.tdsAmount),
  refund_amount: Number(row.refundAmount),
  paid_on: row.paidOn,
  reference: row.reference,
  recorded_by: row.recordedBy,
  recorded_at: row.createdAt.toISOString(),
});

/** A payment link as sent: its address, amount, state and when it runs out. */
export const PaymentLinkView = named(
  'PaymentLink',
  v.strictObject({
    id: uuid,
    url: v.string(),
    amount: v.number(),
    status: v.picklist(PAYMENT_LINK_STATUSES),
    expires_at: isoDateTime,
    created_at: isoDateTime,
    created_by: v.string(),
  }),
);
export type PaymentLinkView = v.InferOutput<typeof PaymentLinkView>;

export const presentLink = (row: typeof paymentLinks.$inferSelect, now = new Date()): PaymentLinkView => ({
  id: row.id,
  url: row.url,
  amount: Number(row.amount),
  // A link the gateway has not reported on runs out at its time all the same.
  status: row.status === 'created' && row.expiresAt <= now ? 'expired' : row.status,
  expires_at: row.expiresAt.toISOString(),
  created_at: row.createdAt.toISOString(),
  created_by: row.createdBy,
});

/** A period's money: due (the invoice's total), paid (with TDS, less refunds), outstanding, status. */
export const PeriodPaymentsView = named(
  'PeriodPayments',
  v.strictObject({
    id: uuid,
    from_date: isoDate,
    to_date: isoDate,
    is_renewal: v.boolean(),
    cancelled: v.boolean(),
    invoice_number: v.nullable(v.string()),
    due: v.number(),
    paid: v.number(),
    outstanding: v.number(),
    status: v.picklist(PAYMENT_STATUSES),
    payments: v.array(PaymentView),
    link: v.nullable(PaymentLinkView),
  }),
);

/** GET /payments/hotels/{id}: the gateway (null: payments by hand only) and every period, newest first. */
export const HotelPaymentsView = named(
  'HotelPayments',
  v.strictObject({
    gateway: v.nullable(v.picklist(['razorpay', 'log'])),
    periods: v.array(PeriodPaymentsView),
  }),
);
export type HotelPaymentsView = v.InferOutput<typeof HotelPaymentsView>;

export function presentHotelPayments(
  gateway: 'razorpay' | 'log' | null,
  periods: HotelPeriodPayments[],
): HotelPaymentsView {
  return {
    gateway,
    periods: periods.map((p) => ({
      id: p.id,
      from_date: p.fromDate,
      to_date: p.toDate,
      is_renewal: p.isRenewal,
      cancelled: p.cancelledAt !== null,
      invoice_number: p.invoiceNumber,
      due: fromPaise(p.duePaise),
      paid: fromPaise(p.settledPaise),
      outstanding: p.cancelledAt ? 0 : fromPaise(Math.max(0, p.duePaise - p.settledPaise)),
      status: p.status,
      payments: p.payments.map(presentPayment),
      link: p.link ? presentLink(p.link) : null,
    })),
  };
}

/** POST /payments/periods/{id}: the recorded payment's id and the period's status after it. */
export const RecordedPaymentView = named(
  'RecordedPayment',
  v.strictObject({ detail: v.string(), id: uuid, status: v.picklist(PAYMENT_STATUSES) }),
);

/** POST /payments/periods/{id}/link: the link, and whether the live one was given again. */
export const SentLinkView = named(
  'SentPaymentLink',
  v.strictObject({ detail: v.string(), reused: v.boolean(), link: PaymentLinkView }),
);
