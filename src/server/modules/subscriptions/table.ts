import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { integerRef, rupees, uuidKey, uuidRef } from '../../db/columns';
import { hotels } from '../hotels/table';
import { subscriptionDurations } from './durations.table';

/**
 * One row per paid subscription period: the first with the hotel, one per renewal. Revenue reads this table, less the
 * cancelled periods.
 */
export const subscriptionPeriods = pgTable(
  'subscription_periods',
  {
    id: uuidKey(),
    hotelId: uuidRef('hotel_id', () => hotels.id),
    subscriptionDurationId: integerRef('subscription_duration_id', () => subscriptionDurations.id),
    fromDate: date('from_date').notNull(),
    toDate: date('to_date').notNull(),
    amount: rupees('amount').notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
    isRenewal: boolean('is_renewal').notNull().default(false),
    contractUrl: text('contract_url'),
    paymentScreenshotUrl: text('payment_screenshot_url'),
    /** Set when the super admin cancels the period (docs/PRODUCT.md "Tax invoices"): it no longer counts as revenue. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    /**
     * When payments (with tax deducted at source) first covered what the period owes (docs/PRODUCT.md "Payments"):
     * null while something is due, so the unpaid periods are read from a small partial index.
     */
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('subscription_periods_hotel_idx').on(t.hotelId, t.toDate),
    index('subscription_periods_hotel_from_idx').on(t.hotelId, t.fromDate),
    index('subscription_periods_paid_idx').on(t.paidAt),
    index('subscription_periods_to_idx').on(t.toDate),
    index('subscription_periods_unsettled_idx')
      .on(t.hotelId)
      .where(sql`${t.settledAt} is null and ${t.cancelledAt} is null`),
  ],
);
