import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AppDeps, AuthUser } from '../../platform/context';
import { readToken } from '../../platform/lib/tokens';
import { type AuditContext, recordAudit } from '../audit/audit.service';
import { endSession } from '../users/sessions.service';
import { users } from '../users/table';
import { isCurrentPassword, wrongCurrentPassword } from './auth.service';
import { createLoginLimits } from './login-limits';

/**
 * Re-authentication (docs/SECURITY.md "Re-authentication"): the caller's current password, asked again before a
 * change to how its account signs in and before ending another of its devices. A wrong one counts against the login's
 * current-password limit (10 in 15 minutes, shared with PUT /auth/password; docs/SECURITY.md "Login limits"), never
 * against its address or its sign-in.
 */
export function reauthentication(deps: Pick<AppDeps, 'db' | 'rateLimitStore'>) {
  const limits = createLoginLimits(deps);
  return async (user: AuthUser, password: string): Promise<void> => {
    const attempt = await limits.currentPassword(user.id);
    if (!(await isCurrentPassword(deps.db, user, password))) throw wrongCurrentPassword();
    await attempt.succeeded();
  };
}
export type Reauthenticate = ReturnType<typeof reauthentication>;

/**
 * A sign-in from a device that held a session of ours ends that session (ASVS 7.2.4, docs/SECURITY.md "Sessions"):
 * `previous` is the token the device sent with its sign-in. Any login's session (one device, another login), audited
 * as that login's logout; a token that is not ours, or names a session already over, ends nothing.
 */
export async function endReplacedSession(
  db: Db,
  jwtSecret: string,
  audit: Omit<AuditContext, 'actor'>,
  previous: string | undefined,
): Promise<void> {
  const claims = previous ? await readToken(previous, jwtSecret) : undefined;
  if (!claims) return;
  await db.transaction(async (tx) => {
    const ended = await endSession(tx, claims.sub, claims.sid);
    if (!ended) return;
    const [login] = await tx.select({ username: users.username }).from(users).where(eq(users.id, claims.sub));
    await recordAudit(
      tx,
      { ...audit, actor: { id: claims.sub, username: login?.username ?? null } },
      {
        action: 'logout',
        entity: 'user',
        entityId: claims.sub,
        after: { session_id: ended.id, label: ended.label, reason: 'Signed in again on this device' },
      },
    );
  });
}
