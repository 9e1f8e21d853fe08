import { and, asc, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { isUuid } from '../../../shared/uuid';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { columnsExcept } from '../../db/table-columns';
import type { SessionUser } from '../../platform/context';
import { notFound } from '../../platform/lib/errors';
import { type AuditContext, recordAudit } from '../audit/audit.service';
import { secondFactorOn } from '../auth/table';
import { sessions, users } from './table';

/**
 * Sessions per device (docs/SECURITY.md "Sessions"): one row per signed-in device, named by its token (`sid`). The
 * users module owns the table; auth starts and ends rows through these functions.
 */

/** last_seen_at is written at most this often, so requests in between cost no write (docs/SECURITY.md "Sessions"). */
export const LAST_SEEN_EVERY_MS = 5 * 60_000;

/** A new session of `userId`, live until `expiresAt` (its token's expiry). */
export async function startSession(
  db: Db,
  userId: string,
  label: string,
  expiresAt: Date,
): Promise<{ id: string; expiresAt: Date }> {
  const [row] = await db
    .insert(sessions)
    .values({ userId, label, expiresAt })
    .returning({ id: sessions.id, expiresAt: sessions.expiresAt });
  return row!;
}

const live = and(isNull(sessions.endedAt), gt(sessions.expiresAt, sql`now()`));

/** The caller's columns (no password hash, no bookkeeping), with its session version and this session. */
const sessionUserColumns = {
  ...columnsExcept(users, 'passwordHash', 'createdAt'),
  sessionId: sessions.id,
  sessionLabel: sessions.label,
  lastSeenAt: sessions.lastSeenAt,
  secondFactorOn: secondFactorOn(users.id),
};

/** The roles that must sign in with a second factor when MFA_REQUIRED is on (docs/SECURITY.md "Second factor"). */
export const SECOND_FACTOR_ROLES = ['superadmin', 'admin'] as const;

const sessionUserById = (db: Db) =>
  db
    .select(sessionUserColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('sid')), eq(sessions.userId, sql.placeholder('id')), live))
    .limit(1)
    .prepare('auth_session_user');

/**
 * The login a token names, while the session it names is live: one read by the sessions key, joined to its user,
 * on every authenticated request (a prepared statement). `secondFactorRequired` is MFA_REQUIRED: superadmin and
 * admin users must then have two-step sign-in on.
 */
export async function findSessionUser(
  db: Db,
  id: string,
  sid: string,
  secondFactorRequired = false,
): Promise<SessionUser | undefined> {
  if (!isUuid(id) || !isUuid(sid)) return undefined;
  const [row] = await prepared(db, 'auth_session_user', sessionUserById).execute({ id, sid });
  if (!row) return undefined;
  const { secondFactorOn, ...user } = row;
  const required =
    secondFactorRequired &&
    user.userType === 'superadmin' &&
    (SECOND_FACTOR_ROLES as readonly (string | null)[]).includes(user.role);
  return { ...user, secondFactor: { on: secondFactorOn, required } };
}

/**
 * Marks the session seen now, unless it was within LAST_SEEN_EVERY_MS: the condition is in the statement, so two
 * requests that both found it stale still write it once.
 */
export async function touchSession(db: Db, sid: string): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(
      and(
        eq(sessions.id, sid),
        lt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${LAST_SEEN_EVERY_MS / 1000})`),
      ),
    );
}

/** Ends one live session of `userId`; answers it (its label, for the audit), undefined when there was none. */
export async function endSession(
  db: Db,
  userId: string,
  sid: string,
): Promise<{ id: string; label: string } | undefined> {
  if (!isUuid(sid)) return undefined;
  const [row] = await db
    .update(sessions)
    .set({ endedAt: sql`now()` })
    .where(and(eq(sessions.id, sid), eq(sessions.userId, userId), live))
    .returning({ id: sessions.id, label: sessions.label });
  return row;
}

/**
 * DELETE /auth/sessions/{id} (one's own device) and DELETE /merchants/{id}/sessions/{sid} (the back office, for a
 * merchant's login): ends that session; 404 when it is not a live session of `userId`.
 */
export async function endDeviceSession(db: Db, audit: AuditContext, userId: string, sid: string): Promise<void> {
  await db.transaction(async (tx) => {
    const ended = await endSession(tx, userId, sid);
    if (!ended) throw notFound(SESSION_NOT_FOUND);
    await recordAudit(tx, audit, {
      action: 'session.end',
      entity: 'user',
      entityId: userId,
      after: { session_id: ended.id, label: ended.label },
    });
  });
}

export const SESSION_NOT_FOUND = 'Session not found';

/** Ends every live session of a login (sign out everywhere, a new password, a role change). */
export async function endAllSessions(db: Db, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), live));
}

/** Live sessions shown at most: a login signs in from a handful of devices, a page of them is plenty. */
export const SESSIONS_SHOWN = 100;

const deviceColumns = {
  id: sessions.id,
  label: sessions.label,
  createdAt: sessions.createdAt,
  lastSeenAt: sessions.lastSeenAt,
};

/** GET /auth/sessions: a login's live sessions, the most recently seen first. */
export function listOwnSessions(db: Db, userId: string) {
  return db
    .select(deviceColumns)
    .from(sessions)
    .where(and(eq(sessions.userId, userId), live))
    .orderBy(desc(sessions.lastSeenAt), asc(sessions.id))
    .limit(SESSIONS_SHOWN);
}
export type DeviceRow = Awaited<ReturnType<typeof listOwnSessions>>[number];

/** GET /merchants/{id}/sessions: the live sessions of every login of a merchant, with the login's name. */
export function listMerchantSessions(db: Db, merchantId: string) {
  return db
    .select({ ...deviceColumns, userId: users.id, username: users.username })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(users.merchantId, merchantId), live))
    .orderBy(desc(sessions.lastSeenAt), asc(sessions.id))
    .limit(SESSIONS_SHOWN);
}
export type MerchantDeviceRow = Awaited<ReturnType<typeof listMerchantSessions>>[number];

/** The login of one live session of a merchant's logins, undefined when it is not one. */
export async function findMerchantSession(db: Db, merchantId: string, sid: string) {
  if (!isUuid(sid)) return undefined;
  const [row] = await db
    .select({ userId: users.id, username: users.username })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sid), eq(users.merchantId, merchantId), live))
    .limit(1);
  return row;
}

/** The retention job (docs/PRIVACY.md "Sessions"): ended and expired sessions are deleted. Answers how many. */
export async function deleteEndedSessions(db: Db): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(or(sql`${sessions.endedAt} is not null`, lt(sessions.expiresAt, sql`now()`)))
    .returning({ id: sessions.id });
  return rows.length;
}
