import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';

export const subscriptionDurations = pgTable('subscription_durations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  months: integer('months').notNull().unique(),
});
