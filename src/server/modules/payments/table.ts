import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PAYMENT_METHODS } from '../../../shared/schemas/payments';
import { createdAt, rupees, uuidKey, uuidRef } from '../../db/columns';
import { hotels } from '../hotels/table';
import { subscriptionPeriods } from '../subscriptions/table';

const money = (name: string) => rupees(name).notNull();

export const PAYMENT_GATEWAYS = ['razorpay', 'log'] as const;
export const PAYMENT_LINK_STATUSES = ['created', 'paid', 'expired', 'cancelled'] as const;

/**
 * A payment link sent to a hotel for what a period still owes (docs/PRODUCT.md "Payments"): the gateway's id and
 * short URL, the amount asked (rupees; the gateway's paise are checked against it) and when it runs out.
 */
export const paymentLinks = pgTable(
  'payment_links',
  {
    id: uuidKey(),
    periodId: uuidRef('period_id', () => subscriptionPeriods.id),
    hotelId: uuidRef('hotel_id', () => hotels.id),
    gateway: text('gateway', { enum: PAYMENT_GATEWAYS }).notNull(),
    gatewayLinkId: text('gateway_link_id').notNull(),
    url: text('url').notNull(),
    amount: money('amount'),
    currency: text('currency').notNull().default('INR'),
    status: text('status', { enum: PAYMENT_LINK_STATUSES }).notNull().default('created'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_links_gateway_link_uq').on(t.gateway, t.gatewayLinkId),
    index('payment_links_period_idx').on(t.periodId, t.createdAt),
    check('payment_links_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * Money received for a subscription period (docs/PRODUCT.md "Payments"), never updated or deleted: by hand (method,
 * reference, TDS) or from a verified gateway webhook (its payment id, unique, so one payment is never counted twice).
 * `refund_amount` is the part received beyond what was due (a second payment for a paid period): flagged for refund,
 * not counted towards the period.
 */
export const periodPayments = pgTable(
  'period_payments',
  {
    id: uuidKey(),
    periodId: uuidRef('period_id', () => subscriptionPeriods.id),
    hotelId: uuidRef('hotel_id', () => hotels.id),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    amount: money('amount'),
    tdsAmount: money('tds_amount').default(0),
    refundAmount: money('refund_amount').default(0),
    paidOn: date('paid_on').notNull(),
    reference: text('reference'),
    gatewayPaymentId: text('gateway_payment_id'),
    paymentLinkId: uuid('payment_link_id').references(() => paymentLinks.id),
    recordedBy: text('recorded_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('period_payments_period_idx').on(t.periodId, t.createdAt),
    uniqueIndex('period_payments_gateway_payment_uq')
      .on(t.gatewayPaymentId)
      .where(sql`${t.gatewayPaymentId} is not null`),
    index('period_payments_refund_idx')
      .on(t.createdAt)
      .where(sql`${t.refundAmount} > 0`),
    check('period_payments_amounts', sql`${t.amount} > 0 and ${t.tdsAmount} >= 0 and ${t.refundAmount} >= 0`),
    check('period_payments_refund_within', sql`${t.refundAmount} <= ${t.amount}`),
  ],
);

/**
 * Every gateway webhook whose signature was good, by the gateway's event id (docs/PRODUCT.md "Payments"): written in
 * the transaction that acts on it, so a replayed event finds its row and changes nothing, and what each one did.
 */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    gateway: text('gateway', { enum: PAYMENT_GATEWAYS }).notNull(),
    eventId: text('event_id').notNull(),
    event: text('event').notNull(),
    outcome: text('outcome').notNull(),
    paymentId: uuid('payment_id').references(() => periodPayments.id),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gateway, t.eventId] })],
);
