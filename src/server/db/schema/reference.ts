import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('locations_name_lower_uq').on(sql`lower(${t.name})`)],
);

export const merchantTypes = pgTable(
  'merchant_types',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    thumbnailUrl: text('thumbnail_url'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('merchant_types_name_lower_uq').on(sql`lower(${t.name})`)],
);

export const subscriptionDurations = pgTable('subscription_durations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  months: integer('months').notNull().unique(),
});

/** Single row (id = 1): the contact details shown to hotels and merchants. */
export const contactInfo = pgTable('contact_info', {
  id: integer('id').primaryKey().default(1),
  name: text('name').notNull(),
  mobileNumber: text('mobile_number').notNull(),
  serviceHelpline: text('service_helpline'),
  mailSupport: text('mail_support'),
  technicalSupport: text('technical_support'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
