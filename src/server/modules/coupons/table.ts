import { sql } from 'drizzle-orm';
import { boolean, index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timeOrderedUuidKey, uuidKey, uuidRef } from '../../db/columns';
import { customerScans } from '../customer-scans/table';
import { merchants } from '../merchants/table';
import { offers } from '../offers/table';

export const coupons = pgTable(
  'coupons',
  {
    id: timeOrderedUuidKey(),
    scanId: uuidRef('scan_id', () => customerScans.id),
    offerId: uuidRef('offer_id', () => offers.id),
    merchantId: uuidRef('merchant_id', () => merchants.id),
    code: text('code').notNull(),
    isRedeemed: boolean('is_redeemed').notNull().default(false),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    /** The login (users.id) that redeemed it; kept even if that login is later removed. */
    redeemedBy: uuid('redeemed_by'),
    createdAt: createdAt(),
    /** What the guest paid at the counter, in rupees, entered by the merchant after redeeming (optional). */
    billAmount: numeric('bill_amount', { precision: 12, scale: 2, mode: 'number' }),
    /** An unredeemed voucher cancelled when its guest's data was erased: it can no longer be redeemed. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Why the merchant redeemed it anyway, outside the offer's rules ("Redeem anyway", docs/COUNTER.md); cleared on undo. */
    overrideReason: text('override_reason'),
  },
  (t) => [
    uniqueIndex('coupons_code_uq').on(t.code),
    index('coupons_scan_idx').on(t.scanId),
    index('coupons_merchant_redeemed_idx').on(t.merchantId, t.redeemedAt),
    // A merchant's distinct scans, counted from the index alone (My Customers, Customer Scans by merchant): its
    // coupons are spread over the whole table, one page each, as they were issued among everyone else's.
    index('coupons_merchant_scan_idx').on(t.merchantId, t.scanId),
    index('coupons_offer_idx').on(t.offerId),
    // The merchant's pending codes in code order, the phone's offline list (docs/COUNTER.md "Without a network"):
    // only vouchers that can still be redeemed, so a page never walks the redeemed or cancelled ones.
    index('coupons_merchant_pending_idx')
      .on(t.merchantId, t.code)
      .where(sql`not ${t.isRedeemed} and ${t.cancelledAt} is null`),
  ],
);

/**
 * A redemption the merchant's phone accepted without a network, as it arrived (docs/COUNTER.md "Without a
 * network"): one row per nonce, so a batch sent twice redeems nothing twice and answers the same. `ok` redeemed the
 * voucher; `needs_attention` did not, with the reason. No guest's name or number (docs/PRIVACY.md "Offline
 * redemptions"); deleted by erasure and by the daily retention run.
 */
export const offlineRedemptions = pgTable(
  'offline_redemptions',
  {
    id: uuidKey(),
    // A merchant deleted (one that never issued a voucher) takes its unknown-code rows with it.
    merchantId: uuidRef('merchant_id', () => merchants.id, { onDelete: 'cascade' }),
    /** Random, made by the phone for this redemption. */
    nonce: uuid('nonce').notNull(),
    code: text('code').notNull(),
    /** The merchant's voucher with this code; null when it is none of the merchant's. */
    couponId: uuid('coupon_id').references(() => coupons.id),
    /** The login that accepted it on the phone (users.id), kept if that login is removed. */
    acceptedBy: uuid('accepted_by'),
    /** The phone's clock when it was accepted. */
    deviceTime: timestamp('device_time', { withTimezone: true }).notNull(),
    /** When the server got it: the undo window counts from here. */
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** The redemption's time (`ok`): the phone's, bounded by its last sync and the arrival. */
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    billAmount: numeric('bill_amount', { precision: 12, scale: 2, mode: 'number' }),
    status: text('status').$type<'ok' | 'needs_attention'>().notNull(),
    /** Why it needs attention (shared/offline-redemption.ts OFFLINE_REASONS); null when ok. */
    reason: text('reason').$type<'redeemed_elsewhere' | 'cancelled' | 'expired' | 'not_valid_now' | 'unknown'>(),
    /** With `not_valid_now`: the rule it broke. */
    rule: text('rule').$type<'weekday' | 'blackout' | 'min_bill'>(),
    /** What the result says ("Valid Monday to Friday only"), as answered and replayed. */
    message: text('message').notNull(),
  },
  (t) => [
    uniqueIndex('offline_redemptions_nonce_uq').on(t.merchantId, t.nonce),
    index('offline_redemptions_attention_idx')
      .on(t.merchantId, t.receivedAt, t.id)
      .where(sql`${t.status} = 'needs_attention'`),
    index('offline_redemptions_coupon_idx').on(t.couponId),
    index('offline_redemptions_received_idx').on(t.receivedAt),
  ],
);
