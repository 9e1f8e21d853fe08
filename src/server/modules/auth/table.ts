import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, uuidKey, uuidRef } from '../../db/columns';
import { users } from '../users/table';

/**
 * A login's second factor (docs/SECURITY.md "Second factor"): one TOTP secret per login, sealed with
 * DATA_ENCRYPTION_KEY (platform/lib/sealed.ts). The row exists from "Set up" on; the factor counts only once
 * confirmed with a code (`confirmed_at`). `last_step` is the 30-second time step of the last code accepted, so a code
 * is never accepted twice (a later step only).
 */
export const secondFactors = pgTable('second_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: integer('last_step'),
  createdAt: createdAt(),
});

/**
 * The ten one-time recovery codes given when a second factor is confirmed (docs/SECURITY.md "Second factor"): each
 * stored as an Argon2id hash only, spent once (`used_at`). A new confirmation or a reset deletes the old ones.
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuidKey(),
    userId: uuidRef('user_id', () => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** Whether the login `userId` names has its second factor on, as a column of a query (the sessions' lookup, users). */
export const secondFactorOn = (userId: AnyPgColumn) =>
  sql<boolean>`exists (select 1 from ${secondFactors} where ${secondFactors.userId} = ${userId} and ${secondFactors.confirmedAt} is not null)`;

/**
 * Failed sign-ins per account from devices the account does not know (docs/SECURITY.md "Login limits"): keyed by a
 * digest of the username as typed, lower case (whether or not such a login exists; the table holds no usernames).
 * From the 5th failure the account is locked to unknown devices until `locked_until`, the lock doubling with each
 * further failure; the count starts again once `last_failure_at` is older than a day. Every server counts here, each
 * attempt in one statement (login-limits.ts), so a lock reached through one server holds on every server.
 */
export const loginLocks = pgTable(
  'login_locks',
  {
    account: text('account').primaryKey(),
    failures: integer('failures').notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('login_locks_last_failure_idx').on(t.lastFailureAt)],
);
