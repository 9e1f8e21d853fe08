import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, uuidKey } from '../../db/columns';
import { hotels } from '../hotels/table';

export const VERIFICATION_PURPOSES = ['claim', 'recover', 'my_data'] as const;

/**
 * Phone verification codes (docs/PRODUCT.md "Guest trust"): 6 digits, stored only as a keyed hash, valid 10 minutes,
 * 5 tries, bound to the number, the purpose and (for claim and recover) the hotel. `mobile_number` is personal data
 * (docs/PRIVACY.md "Codes and messages").
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuidKey(),
    mobileNumber: text('mobile_number').notNull(),
    purpose: text('purpose', { enum: VERIFICATION_PURPOSES }).notNull(),
    /** The hotel a claim or a recovery is for; null for My data. */
    hotelId: uuid('hotel_id').references(() => hotels.id),
    /** HMAC-SHA256 of the code with the server's secret and the row's id: never the code. */
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Wrong codes entered so far; the 5th wrong one spends the code. */
    tries: integer('tries').notNull().default(0),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // "Codes of this number today" (5 a day), "the last code" (resend after 60 s) and erasure by number.
    index('verification_codes_mobile_created_idx').on(t.mobileNumber, t.createdAt),
    // Retention: codes are deleted a day after they were made.
    index('verification_codes_created_idx').on(t.createdAt),
    check('verification_codes_tries_check', sql`${t.tries} between 0 and 5`),
    check('verification_codes_hotel_check', sql`(${t.purpose} = 'my_data') = (${t.hotelId} is null)`),
  ],
);

/**
 * Codes sent a business day, counted exactly against the budgets (docs/PRODUCT.md "Guest trust"): one row per
 * (scope, day), where scope is 'programme' or a hotel's id; a request increments both rows in its transaction only
 * while they are under their budgets.
 */
export const verificationDaySends = pgTable(
  'verification_day_sends',
  {
    scope: text('scope').notNull(),
    day: date('day').notNull(),
    sends: integer('sends').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.scope, t.day] }), check('verification_day_sends_check', sql`${t.sends} >= 0`)],
);
