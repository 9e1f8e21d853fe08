import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { type AuditContext, recordAudit } from '../audit/audit.service';
import { setPasswordHash } from './users.service';

/**
 * The back office's Reset Password for a hotel's or merchant's login (docs/SECURITY.md, "Passwords"): a new
 * password, every session of that login ended, and an audit event (never the password).
 */
export async function resetLoginPassword(
  db: Db,
  audit: AuditContext,
  login: { id: string; username: string } | undefined,
  password: string,
  missing: string,
): Promise<void> {
  if (!login) throw notFound(missing);
  const passwordHash = await hashPassword(password); // before the transaction: hashing takes a while
  await db.transaction(async (tx) => {
    if ((await setPasswordHash(tx, login.id, passwordHash)) === undefined) throw notFound(missing);
    await recordAudit(tx, audit, {
      action: 'user.password_reset',
      entity: 'user',
      entityId: login.id,
      after: { username: login.username },
    });
  });
}
