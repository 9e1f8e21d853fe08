import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timeOrderedUuidKey, uuidRef } from '../../db/columns';
import { hotels } from '../hotels/table';
import { placements } from '../placements/table';

export const customerScans = pgTable(
  'customer_scans',
  {
    id: timeOrderedUuidKey(),
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
    /** The placement whose QR code the guest scanned (docs/PRODUCT.md "Guest trust"); null for the hotel's old link. */
    placementId: uuid('placement_id').references(() => placements.id),
    /** The guest proved the number with a code (the hotel's phone verification was on). */
    verified: boolean('verified').notNull().default(false),
    /**
     * The guest ticked "Remind me about my vouchers and ask me for a review" (docs/PRODUCT.md "Reminders"): without it
     * no reminder or review request is ever sent about this scan.
     */
    remindersOptIn: boolean('reminders_opt_in').notNull().default(false),
    /** The guest tapped a message's opt-out link: nothing more is sent to this number about this scan. */
    remindersOptedOutAt: timestamp('reminders_opted_out_at', { withTimezone: true }),
    /** The page's language when the guest claimed: messages and the vouchers view speak it. */
    language: text('language').notNull().default('en'),
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
    // Scans by placement and date (the hotel's placements ranking, Customer Scans' placement filter).
    index('customer_scans_placement_date_idx')
      .on(t.placementId, t.scanDate)
      .where(sql`${t.placementId} is not null`),
    uniqueIndex('customer_scans_idempotency_uq').on(t.idempotencyKey),
    // The retention job's work list: scans not yet anonymised, by check-out date.
    index('customer_scans_retention_idx')
      .on(t.checkoutDate)
      .where(sql`${t.anonymisedAt} is null`),
    // The reminders job's work list: consenting guests not opted out or anonymised, by check-out date.
    index('customer_scans_reminders_idx')
      .on(t.checkoutDate)
      .where(sql`${t.remindersOptIn} and ${t.remindersOptedOutAt} is null and ${t.anonymisedAt} is null`),
  ],
);
