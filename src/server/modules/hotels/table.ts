import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, integerRef, uuidKey } from '../../db/columns';
import { locations } from '../locations/table';
import { subscriptionDurations } from '../subscriptions/durations.table';

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
    /** Guests prove their number by a code before a claim (docs/PRODUCT.md "Guest trust"): the super admin's switch. */
    phoneVerification: boolean('phone_verification').notNull().default(false),
    /** The old hotel-wide link /scan/<hotelId> (no placement token) still takes claims. */
    hotelLinkEnabled: boolean('hotel_link_enabled').notNull().default(true),
    /** Claims a business day through one placement, and through the old hotel-wide link. */
    placementDailyLimit: integer('placement_daily_limit').notNull().default(30),
    hotelLinkDailyLimit: integer('hotel_link_daily_limit').notNull().default(30),
  },
  (t) => [
    index('hotels_location_idx').on(t.locationId),
    index('hotels_created_idx').on(t.createdAt),
    check('hotels_placement_daily_limit_check', sql`${t.placementDailyLimit} between 1 and 100000`),
    check('hotels_hotel_link_daily_limit_check', sql`${t.hotelLinkDailyLimit} between 1 and 100000`),
  ],
);
