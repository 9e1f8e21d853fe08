import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, integerRef, uuidKey } from '../../db/columns';
import { locations } from '../locations/table';
import { merchantTypes } from '../merchant-types/table';

export const merchants = pgTable(
  'merchants',
  {
    id: uuidKey(),
    name: text('name').notNull(),
    merchantTypeId: integerRef('merchant_type_id', () => merchantTypes.id),
    locationId: integerRef('location_id', () => locations.id),
    contactNumber: text('contact_number').notNull(),
    storeContactNumber: text('store_contact_number'),
    address: text('address').notNull(),
    locationLink: text('location_link'),
    imageUrl: text('image_url'),
    createdAt: createdAt(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** One voucher of any of its offers per mobile number every this many days (docs/PRODUCT.md "Offer rules"). */
    perGuestDays: integer('per_guest_days'),
  },
  (t) => [
    index('merchants_location_idx').on(t.locationId),
    index('merchants_type_idx').on(t.merchantTypeId),
    check('merchants_per_guest_days_check', sql`${t.perGuestDays} between 1 and 365`),
  ],
);
