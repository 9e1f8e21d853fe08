import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { conflict } from '../../lib/errors';
import type { AuditContext } from '../audit/audit.service';
import { resetLoginPassword } from './passwords.service';
import { createLogin } from './users.service';

/** The merchant logins (user_type merchant) of the users table, for the merchants module. */

export async function findMerchantLogin(
  db: Db,
  merchantId: string,
): Promise<{ id: string; username: string } | undefined> {
  const [row] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(users.merchantId, merchantId))
    .orderBy(asc(users.createdAt))
    .limit(1);
  return row;
}

/** One login per merchant: a second one answers 409; a taken username answers 409 "Username already exists". */
export async function createMerchantLogin(db: Db, merchantId: string, username: string, password: string) {
  if (await findMerchantLogin(db, merchantId)) throw conflict('This merchant already has a login');
  return createLogin(db, { username, password, userType: 'merchant', merchantId });
}

/** A deleted (or archived) merchant can no longer sign in; its username becomes free again. Takes a transaction too. */
export async function deleteMerchantLogins(db: Db, merchantId: string): Promise<void> {
  await db.delete(users).where(eq(users.merchantId, merchantId));
}

/** POST /merchants/{id}/reset-password: the merchant's one login gets a new password; its sessions end. */
export async function resetMerchantPassword(
  db: Db,
  audit: AuditContext,
  merchantId: string,
  password: string,
): Promise<void> {
  await resetLoginPassword(db, audit, await findMerchantLogin(db, merchantId), password, 'This merchant has no login');
}
