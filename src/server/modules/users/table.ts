import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { MERCHANT_ROLES } from '../../../shared/constants';
import { createdAt, uuidKey, uuidRef } from '../../db/columns';
import { hotels } from '../hotels/table';
import { merchants } from '../merchants/table';

export const userTypes = ['superadmin', 'hotel', 'merchant'] as const;
export const adminRoles = ['superadmin', 'admin', 'manager'] as const;

/**
 * Every login of all three kinds, so usernames are unique across them.
 * user_type superadmin rows are the back-office "admin users" (with a role);
 * hotel and merchant rows point at their hotel or merchant.
 */
export const users = pgTable(
  'users',
  {
    id: uuidKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    userType: text('user_type', { enum: userTypes }).notNull(),
    role: text('role', { enum: adminRoles }),
    /** Every merchant login has one, other logins none (the check below); existing merchant logins became owners. */
    merchantRole: text('merchant_role', { enum: MERCHANT_ROLES }),
    email: text('email'),
    /** A merchant staff login's own mobile (10 digits, optional, set by its owner): where its "Forgot password" code goes. */
    mobile: text('mobile'),
    fullName: text('full_name'),
    hotelId: uuid('hotel_id').references(() => hotels.id),
    merchantId: uuid('merchant_id').references(() => merchants.id),
    createdAt: createdAt(),
    /** Carried in every token; bumped by logout, a password change or reset, a role change: older tokens stop working. */
    sessionVersion: integer('session_version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    index('users_hotel_idx').on(t.hotelId),
    index('users_merchant_idx').on(t.merchantId),
    check(
      'users_merchant_role_ck',
      sql`(${t.userType} = 'merchant') = (${t.merchantRole} is not null) and ${t.merchantRole} in ('owner', 'supervisor', 'cashier')`,
    ),
  ],
);

/**
 * One row per signed-in device of a login (docs/SECURITY.md "Sessions"): every token names its session (`sid`), and
 * the auth middleware accepts it only while the row is live (not ended, not expired). Logout ends this row; sign out
 * everywhere, a password change or reset end every row of the login. Ended and expired rows are deleted by the
 * retention job (docs/PRIVACY.md).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuidKey(),
    userId: uuidRef('user_id', () => users.id, { onDelete: 'cascade' }),
    /** The device as people name it: from the user agent ("Chrome on Android") or given at login. */
    label: text('label').notNull(),
    createdAt: createdAt(),
    /**
     * Written by the auth middleware at most every minute (back office: its 30 minutes of inactivity) or 5 minutes
     * (hotel and merchant devices: a busy counter phone costs no write per request), docs/SECURITY.md "Sessions".
     */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Its newest token's expiry (a hotel or merchant token renewed moves it): past it the session is over. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * The name of each staff login removed by its owner (docs/PRODUCT.md "Staff"): its redemptions, undos and offline
 * queues keep its id (coupons.redeemed_by has no foreign key), and "Redeemed by" still names who it was.
 */
export const removedLogins = pgTable('removed_logins', {
  id: uuid('id').primaryKey(),
  username: text('username').notNull(),
  merchantId: uuid('merchant_id'),
  removedAt: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
});
