import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, uuidKey, uuidRef } from '../../db/columns';
import { hotels } from '../hotels/table';

export const PLACEMENT_KINDS = ['single', 'room'] as const;

/**
 * Where a hotel's QR code hangs (docs/PRODUCT.md "Guest trust"): a single place ("Lobby") or one room of a range.
 * Never deleted (scans refer to them): deactivated.
 */
export const placements = pgTable(
  'placements',
  {
    id: uuidKey(),
    hotelId: uuidRef('hotel_id', () => hotels.id),
    label: text('label').notNull(),
    kind: text('kind', { enum: PLACEMENT_KINDS }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('placements_hotel_label_uq').on(t.hotelId, t.label)],
);

/**
 * A placement's tokens (the `p` of its QR link): unguessable (>= 128 bits, URL-safe). Rotation retires the current
 * token and adds one; a retired token, or one of a deactivated placement, is refused.
 */
export const placementTokens = pgTable(
  'placement_tokens',
  {
    token: text('token').primaryKey(),
    placementId: uuidRef('placement_id', () => placements.id),
    createdAt: createdAt(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [
    // One current token per placement.
    uniqueIndex('placement_tokens_current_uq')
      .on(t.placementId)
      .where(sql`${t.retiredAt} is null`),
    index('placement_tokens_placement_idx').on(t.placementId, t.createdAt),
  ],
);

/** Claims through a placement a business day, counted exactly against the hotel's placement_daily_limit. */
export const placementDayClaims = pgTable(
  'placement_day_claims',
  {
    placementId: uuid('placement_id')
      .notNull()
      .references(() => placements.id),
    day: date('day').notNull(),
    claims: integer('claims').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.placementId, t.day] }), check('placement_day_claims_check', sql`${t.claims} >= 0`)],
);

/** Claims through the hotel's old link (/scan/<hotelId>, no token) a business day, against hotel_link_daily_limit. */
export const hotelLinkDayClaims = pgTable(
  'hotel_link_day_claims',
  {
    hotelId: uuid('hotel_id')
      .notNull()
      .references(() => hotels.id),
    day: date('day').notNull(),
    claims: integer('claims').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.hotelId, t.day] }), check('hotel_link_day_claims_check', sql`${t.claims} >= 0`)],
);
