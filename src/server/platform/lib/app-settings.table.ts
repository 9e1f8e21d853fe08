import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Server-wide settings that every server must share: the generated JWT signing secret ('jwt_secret') when
 * JWT_SECRET is unset, and the business time zone the derived tables are bucketed by ('business_time_zone').
 */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
