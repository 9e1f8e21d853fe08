import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, uuidKey, uuidRef } from '../../db/columns';
import { users } from '../users/table';

/**
 * "Forgot password" codes (docs/SECURITY.md "Forgot password"): at most one live code per login (a new request
 * replaces it), 6 digits kept only as a keyed hash, valid 10 minutes, 5 tries; the right code deletes its row, and
 * after the 5th wrong one the row is dead until a new request replaces it. Holds no number or address: where the code went is the login's own record.
 */
export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    id: uuidKey(),
    userId: uuidRef('user_id', () => users.id, { onDelete: 'cascade' }),
    /** HMAC-SHA256 of the code with the server's secret and the row's id: never the code. */
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Tries counted so far, each before its code is compared, so a burst cannot pass the 5. */
    tries: integer('tries').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_reset_codes_user_uq').on(t.userId),
    check('password_reset_codes_tries_check', sql`${t.tries} between 0 and 5`),
  ],
);
