import { boolean, date, index, integer, numeric, pgTable, text, time, timestamp, uuid } from 'drizzle-orm/pg-core';
import { locations, merchantTypes } from './reference';

export const merchants = pgTable(
  'merchants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    merchantTypeId: integer('merchant_type_id')
      .notNull()
      .references(() => merchantTypes.id),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    contactNumber: text('contact_number').notNull(),
    storeContactNumber: text('store_contact_number'),
    address: text('address').notNull(),
    locationLink: text('location_link'),
    imageUrl: text('image_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [index('merchants_location_idx').on(t.locationId), index('merchants_type_idx').on(t.merchantTypeId)],
);

export const offerTypes = ['cash_discount', 'fixed_discount', 'percentage'] as const;

export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [index('offers_merchant_idx').on(t.merchantId), index('offers_validity_idx').on(t.validityTo)],
);
