import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, uuidRef } from '../../db/columns';
import { coupons } from '../coupons/table';

/**
 * Google Wallet offer passes (docs/PRODUCT.md "Reminders"): a voucher whose "Add to Google Wallet" link was made.
 * Only these get state updates (redeemed: completed, undone: active, erased: inactive) through the outbox. The object
 * id is `<issuer id>.<coupon id>`; no guest data is kept here.
 */
export const walletPasses = pgTable('wallet_passes', {
  couponId: uuidRef('coupon_id', () => coupons.id).primaryKey(),
  objectId: text('object_id').notNull(),
  createdAt: createdAt(),
  /** The state Google last accepted (ACTIVE, COMPLETED, INACTIVE); null until an update was sent. */
  sentState: text('sent_state'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});
