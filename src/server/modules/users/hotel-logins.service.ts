import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { conflict } from '../../lib/errors';
import type { AuditContext } from '../audit/audit.service';
import { resetLoginPassword } from './passwords.service';
import { createLogin } from './users.service';

/** The hotel logins (user_type hotel) of the users table, for the hotels module. */

export async function findHotelLogin(db: Db, hotelId: string): Promise<{ id: string; username: string } | undefined> {
  const [row] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(users.hotelId, hotelId))
    .orderBy(asc(users.createdAt))
    .limit(1);
  return row;
}

/** One login per hotel: a second one answers 409; a taken username answers 409 "Username already exists". */
export async function createHotelLogin(db: Db, hotelId: string, username: string, password: string) {
  if (await findHotelLogin(db, hotelId)) throw conflict('This hotel already has a login');
  return createLogin(db, { username, password, userType: 'hotel', hotelId });
}

/** A deleted (or archived) hotel can no longer sign in; its username becomes free again. */
export async function deleteHotelLogins(db: Db, hotelId: string): Promise<void> {
  await db.delete(users).where(eq(users.hotelId, hotelId));
}

/** POST /hotels/{id}/reset-password: the hotel's one login gets a new password; its sessions end. */
export async function resetHotelPassword(
  db: Db,
  audit: AuditContext,
  hotelId: string,
  password: string,
): Promise<void> {
  await resetLoginPassword(db, audit, await findHotelLogin(db, hotelId), password, 'This hotel has no login');
}
