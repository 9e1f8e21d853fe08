import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, integerRef, uuidKey, uuidRef } from './columns';
import { locations, subscriptionDurations } from './reference';

export const hotels = pgTable(
  'hotels',
  {
    id: uuidKey(),
    name: text('name').notNull(),
    locationId: integerRef('location_id', () => locations.id),
    address: text('address').notNull(),
    contactNumber: text('contact_number').notNull(),
    contactPerson: text('contact_person').notNull(),
    logoUrl: text('logo_url'),
    googleLink: text('google_link'),
    googlePlaceId: text('google_place_id'),
    subscriptionDurationId: integer('subscription_duration_id').references(() => subscriptionDurations.id),
    subscriptionRevenue: numeric('subscription_revenue', { precision: 12, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    contractUrl: text('contract_url'),
    paymentScreenshotUrl: text('payment_screenshot_url'),
    offerSelectionType: text('offer_selection_type', { enum: ['all', 'manual'] })
      .notNull()
      .default('all'),
    selectedMerchantTypes: integer('selected_merchant_types')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    qrCodeUrl: text('qr_code_url'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    firstCreatedDate: timestamp('first_created_date', { withTimezone: true }).notNull().defaultNow(),
    renewalCount: integer('renewal_count').notNull().default(0),
    subscriptionEnd: date('subscription_end'),
    /** Set instead of deleting when scans refer to the hotel: history stays intact. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [index('hotels_location_idx').on(t.locationId), index('hotels_created_idx').on(t.createdAt)],
);

/** One row per paid subscription period: the first with the hotel, one per renewal. Revenue reads this table. */
export const subscriptionPeriods = pgTable(
  'subscription_periods',
  {
    id: uuidKey(),
    hotelId: uuidRef('hotel_id', () => hotels.id),
    subscriptionDurationId: integerRef('subscription_duration_id', () => subscriptionDurations.id),
    fromDate: date('from_date').notNull(),
    toDate: date('to_date').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
    isRenewal: boolean('is_renewal').notNull().default(false),
    contractUrl: text('contract_url'),
    paymentScreenshotUrl: text('payment_screenshot_url'),
  },
  (t) => [
    index('subscription_periods_hotel_idx').on(t.hotelId, t.toDate),
    index('subscription_periods_hotel_from_idx').on(t.hotelId, t.fromDate),
    index('subscription_periods_paid_idx').on(t.paidAt),
    index('subscription_periods_to_idx').on(t.toDate),
  ],
);

/** Each Google refresh stores one snapshot; review metrics are differences between snapshots. */
export const reviewSnapshots = pgTable(
  'review_snapshots',
  {
    id: uuidKey(),
    hotelId: uuidRef('hotel_id', () => hotels.id),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
    totalReviews: integer('total_reviews'),
    rating: numeric('rating', { precision: 3, scale: 2, mode: 'number' }),
  },
  (t) => [index('review_snapshots_hotel_time_idx').on(t.hotelId, t.fetchedAt)],
);
