import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, uuidKey } from '../../db/columns';
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
    email: text('email'),
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
  ],
);
