import { boolean, index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, uuidKey, uuidRef } from '../../db/columns';
import { customerScans } from '../customer-scans/table';
import { merchants } from '../merchants/table';
import { offers } from '../offers/table';

export const coupons = pgTable(
  'coupons',
  {
    id: uuidKey(),
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
  ],
);
