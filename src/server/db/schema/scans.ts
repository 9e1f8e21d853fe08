import { sql } from 'drizzle-orm';
import { boolean, date, index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, uuidKey, uuidRef } from './columns';
import { hotels } from './hotels';
import { merchants, offers } from './merchants';

export const customerScans = pgTable(
  'customer_scans',
  {
    id: uuidKey(),
    hotelId: uuidRef('hotel_id', () => hotels.id),
    customerName: text('customer_name').notNull(),
    mobileNumber: text('mobile_number').notNull(),
    checkoutDate: date('checkout_date').notNull(),
    scanDate: timestamp('scan_date', { withTimezone: true }).notNull().defaultNow(),
    /** Client-sent Idempotency-Key: a retried submission returns this scan instead of issuing again. */
    idempotencyKey: text('idempotency_key'),
    /** The privacy notice version the guest agreed to (docs/PRIVACY.md); null for scans made before consent was asked. */
    consentVersion: text('consent_version'),
    consentedAt: timestamp('consented_at', { withTimezone: true }),
    /** The optional second box: offers later. */
    marketingOptIn: boolean('marketing_opt_in').notNull().default(false),
    /** Name and mobile replaced (retention period over, or erased on request); the scan still counts. */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
  },
  (t) => [
    index('customer_scans_hotel_mobile_idx').on(t.hotelId, t.mobileNumber, t.checkoutDate),
    // Newest-first keyset paging (scan_date desc, id desc), overall and per hotel.
    index('customer_scans_date_id_idx').on(t.scanDate, t.id),
    index('customer_scans_hotel_date_idx').on(t.hotelId, t.scanDate, t.id),
    index('customer_scans_mobile_idx').on(t.mobileNumber),
    // Name and partial-mobile search (ILIKE '%…%') with pg_trgm (migration 0001 creates the extension).
    index('customer_scans_name_trgm_idx').using('gin', t.customerName.op('gin_trgm_ops')),
    index('customer_scans_mobile_trgm_idx').using('gin', t.mobileNumber.op('gin_trgm_ops')),
    uniqueIndex('customer_scans_idempotency_uq').on(t.idempotencyKey),
    // The retention job's work list: scans not yet anonymised, by check-out date.
    index('customer_scans_retention_idx')
      .on(t.checkoutDate)
      .where(sql`${t.anonymisedAt} is null`),
  ],
);

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
