import { boolean, date, index, numeric, pgTable, text, time, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, uuidKey, uuidRef } from '../../db/columns';
import { merchants } from '../merchants/table';

export const offerTypes = ['cash_discount', 'fixed_discount', 'percentage'] as const;

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
  },
  (t) => [index('offers_merchant_idx').on(t.merchantId), index('offers_validity_idx').on(t.validityTo)],
);
