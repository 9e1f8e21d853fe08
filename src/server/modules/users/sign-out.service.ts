import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../platform/context';
import { badRequest, notFound } from '../../platform/lib/errors';
import { type AuditContext, recordAudit } from '../audit/audit.service';
import { users } from './table';
import { endSessions } from './users.service';

/**
 * The back office signs a login out of every device (ASVS 7.4.5, docs/SECURITY.md "Sessions"): a back-office user
 * (User Management), a hotel's login, or every login of a merchant (its owner and staff). Each login's sessions end
 * and its session version moves on, so every token it holds fails at once; one `user.sign_out` event per login. Every
 * login at once is the operator's `npm run keys:rotate -- --end-sessions` (docs/OPERATING.md "Keys").
 */

export const NO_LOGIN_TO_SIGN_OUT = 'No login to sign out';
export const SIGN_OUT_YOURSELF = 'Use Sign out everywhere in your account menu for your own devices';

type Login = { id: string; username: string };

const loginsWhere = (db: Db, where: SQL | undefined) =>
  db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(where)
    .orderBy(asc(users.createdAt), asc(users.id));

/** The logins POST /hotels/{id}/sign-out, /merchants/{id}/sign-out or /admin-users/{id}/sign-out ends. */
export async function loginsToSignOut(
  db: Db,
  actor: AuthUser,
  target: { hotelId: string } | { merchantId: string } | { adminUserId: string },
): Promise<Login[]> {
  const rows = await loginsWhere(
    db,
    'hotelId' in target
      ? eq(users.hotelId, target.hotelId)
      : 'merchantId' in target
        ? eq(users.merchantId, target.merchantId)
        : and(eq(users.id, target.adminUserId), eq(users.userType, 'superadmin')),
  );
  if (rows.length === 0) throw notFound(NO_LOGIN_TO_SIGN_OUT);
  if (rows.some((row) => row.id === actor.id)) throw badRequest(SIGN_OUT_YOURSELF);
  return rows;
}

/** Ends every session of each login, audited; answers the usernames signed out. */
export async function signOutLogins(db: Db, audit: AuditContext, logins: Login[]): Promise<string[]> {
  await db.transaction(async (tx) => {
    for (const login of logins) {
      await endSessions(tx, login.id);
      await recordAudit(tx, audit, {
        action: 'user.sign_out',
        entity: 'user',
        entityId: login.id,
        after: { username: login.username },
      });
    }
  });
  return logins.map((login) => login.username);
}
