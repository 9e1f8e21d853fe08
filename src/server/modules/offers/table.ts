import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, uuidKey, uuidRef } from '../../db/columns';
import { merchants } from '../merchants/table';

export const offerTypes = ['cash_discount', 'fixed_discount', 'percentage'] as const;

/** A blackout range of an offer (shared/offer-rules.ts `BlackoutRange`): 'YYYY-MM-DD', both ends included. */
type BlackoutRange = { from: string; to: string };

export const offers = pgTable(
  'offers',
  {
    id: uuidKey(),
    merchantId: uuidRef('merchant_id', () => merchants.id),
    offerName: text('offer_name').notNull(),
    offerType: text('offer_type', { enum: offerTypes }).notNull().default('percentage'),
    offerValue: numeric('offer_value', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    termsConditions: text('terms_conditions').notNull().default(''),
    description: text('description').notNull().default(''),
    openingHours: time('opening_hours'),
    closingHours: time('closing_hours'),
    validityFrom: date('validity_from').notNull(),
    validityTo: date('validity_to').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    images: text('images').array().notNull().default([]),
    createdAt: createdAt(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    // The offer's rules (docs/PRODUCT.md "Offer rules"); null = no rule.
    /** Vouchers it may issue in all (cancelled ones not counted): offer_cap_usage counts them. */
    totalCap: integer('total_cap'),
    /** Vouchers it may issue per business day: offer_day_usage counts them. */
    dailyCap: integer('daily_cap'),
    /** ISO weekdays (1 Monday … 7 Sunday) it can be redeemed on, sorted. */
    redeemWeekdays: smallint('redeem_weekdays').array(),
    /** Days it cannot be redeemed on: {from, to} ranges, sorted. */
    blackoutDates: jsonb('blackout_dates').$type<BlackoutRange[]>(),
    /** The smallest bill it is redeemed against, in rupees. */
    minBill: numeric('min_bill', { precision: 12, scale: 2, mode: 'number' }),
    /** The largest party it serves (shown, checked by staff). */
    maxParty: integer('max_party'),
    /** One voucher of it per mobile number every this many days (else the merchant's per_guest_days). */
    perGuestDays: integer('per_guest_days'),
    /** The merchant's pause: off the guest list while true (is_active is the back office's switch). */
    isPaused: boolean('is_paused').notNull().default(false),
  },
  (t) => [
    index('offers_merchant_idx').on(t.merchantId),
    index('offers_validity_idx').on(t.validityTo),
    check('offers_total_cap_check', sql`${t.totalCap} >= 1`),
    check(
      'offers_daily_cap_check',
      sql`${t.dailyCap} >= 1 and ${t.dailyCap} <= coalesce(${t.totalCap}, ${t.dailyCap})`,
    ),
    check('offers_per_guest_days_check', sql`${t.perGuestDays} between 1 and 365`),
    check('offers_max_party_check', sql`${t.maxParty} >= 1`),
    check('offers_min_bill_check', sql`${t.minBill} >= 0`),
  ],
);

/**
 * Vouchers issued by an offer with a total cap, cancelled ones not counted (docs/DATA.md "Offer caps"). Only capped
 * offers have a row: it is made, from the coupons already issued, when the cap is set, and moved in the transaction
 * that issues (or cancels) a voucher, so the cap holds exactly under any concurrency.
 */
export const offerCapUsage = pgTable(
  'offer_cap_usage',
  {
    offerId: uuid('offer_id')
      .primaryKey()
      .references(() => offers.id),
    issued: integer('issued').notNull().default(0),
  },
  (t) => [check('offer_cap_usage_issued_check', sql`${t.issued} >= 0`)],
);

/** As offer_cap_usage, per business day, for offers with a daily cap (a day's row is made by its first voucher). */
export const offerDayUsage = pgTable(
  'offer_day_usage',
  {
    offerId: uuidRef('offer_id', () => offers.id),
    day: date('day').notNull(),
    issued: integer('issued').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.day] }), check('offer_day_usage_issued_check', sql`${t.issued} >= 0`)],
);
