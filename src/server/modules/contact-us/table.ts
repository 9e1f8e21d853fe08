import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
