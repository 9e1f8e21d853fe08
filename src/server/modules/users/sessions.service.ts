import { and, asc, desc, eq, gt, isNull, lt, not, or, type SQL, sql } from 'drizzle-orm';
import {
  BACK_OFFICE_IDLE_SECONDS,
  BACK_OFFICE_SESSION_SECONDS,
  SESSION_OVER,
  SIGNED_OUT_IDLE,
  SLIDING_IDLE_SECONDS,
  SLIDING_SESSION_MAX_SECONDS,
} from '../../../shared/session-lifetime';
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

/**
 * last_seen_at is written at most this often, so requests in between cost no write (docs/SECURITY.md "Sessions"): every
 * minute for the back office, whose sessions end after 30 minutes without activity, so that the limit is kept to the
 * minute; every 5 minutes for hotel and merchant devices, whose 7 days need no such precision (a busy counter phone).
 */
export const LAST_SEEN_EVERY_MS = { backOffice: 60_000, sliding: 5 * 60_000 } as const;
const lastSeenEveryMs = (userType: string) =>
  userType === 'superadmin' ? LAST_SEEN_EVERY_MS.backOffice : LAST_SEEN_EVERY_MS.sliding;

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

/*
 * The limits by the login's type (docs/SECURITY.md "Sessions"), in SQL on the session joined to its login, so that they
 * hold for sessions started before them too. The constants are written into the statement (they are not input).
 */
const backOffice = sql`${users.userType} = 'superadmin'`;
/** No request within the inactivity limit: 30 minutes for the back office, 7 days for hotel and merchant devices. */
const idle = sql`${sessions.lastSeenAt} <= now() - make_interval(secs => case when ${backOffice} then ${sql.raw(
  String(BACK_OFFICE_IDLE_SECONDS),
)} else ${sql.raw(String(SLIDING_IDLE_SECONDS))} end)`;
/**
 * Past its expiry, or past its absolute limit since sign-in: 12 hours for the back office (also one started with a
 * longer token before the limit), 90 days for a hotel or merchant device however much it slid.
 */
const over = sql`(${sessions.expiresAt} <= now() or ${sessions.createdAt} <= now() - make_interval(secs => case when ${backOffice} then ${sql.raw(
  String(BACK_OFFICE_SESSION_SECONDS),
)} else ${sql.raw(String(SLIDING_SESSION_MAX_SECONDS))} end))`;
/** A session that counts (needs `users` joined): not ended, within its limits. */
const inUse = and(isNull(sessions.endedAt), not(idle), not(over));

/** The caller's columns (no password hash, no bookkeeping), with its session version and this session. */
const sessionUserColumns = {
  ...columnsExcept(users, 'passwordHash', 'createdAt'),
  sessionId: sessions.id,
  sessionLabel: sessions.label,
  lastSeenAt: sessions.lastSeenAt,
  secondFactorOn: secondFactorOn(users.id),
  idle: sql<boolean>`${idle}`,
  over: sql<boolean>`${over}`,
};

/** The roles that must sign in with a second factor when MFA_REQUIRED is on (docs/SECURITY.md "Second factor"). */
export const SECOND_FACTOR_ROLES = ['superadmin', 'admin'] as const;

const sessionUserById = (db: Db) =>
  db
    .select(sessionUserColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sid')),
        eq(sessions.userId, sql.placeholder('id')),
        isNull(sessions.endedAt),
      ),
    )
    .limit(1)
    .prepare('auth_session_user');

/**
 * The login a token names with the session it names, unless that session was ended: one read by the sessions key,
 * joined to its user, on every authenticated request (a prepared statement). A session past its limits comes with
 * `signedOut`, why it is over (inactivity first: a back-office session left idle past its 12 hours ended by
 * inactivity); the caller signs nobody in with it. `secondFactorRequired` is MFA_REQUIRED: superadmin and admin users
 * must then have two-step sign-in on.
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
  const { secondFactorOn, idle, over, ...user } = row;
  const required =
    secondFactorRequired &&
    user.userType === 'superadmin' &&
    (SECOND_FACTOR_ROLES as readonly (string | null)[]).includes(user.role);
  const signedOut = idle ? SIGNED_OUT_IDLE : over ? SESSION_OVER : undefined;
  return { ...user, secondFactor: { on: secondFactorOn, required }, signedOut };
}

/** A merchant token's claims as SQL (placeholders, or the columns of a batch's requests). */
export interface MerchantClaimsSql {
  sessionId: SQL;
  userId: SQL;
  sessionVersion: SQL;
  merchantId: SQL;
}

/**
 * A merchant token's login, for a statement that checks its own caller instead of the per-request lookup
 * (coupons/redemption-batches.ts), on `sessions` joined to `users`: true only while findSessionUser would sign that
 * login in: the session is this login's, not ended and within its limits, and the login is still a merchant login of
 * the claimed merchant at the claimed session version.
 */
export function liveMerchantLogin(claims: MerchantClaimsSql) {
  return and(
    eq(sessions.id, claims.sessionId),
    eq(sessions.userId, claims.userId),
    eq(users.userType, 'merchant'),
    eq(users.sessionVersion, claims.sessionVersion),
    eq(users.merchantId, claims.merchantId),
    inUse,
  );
}

/**
 * Marks the session seen now, unless it was within LAST_SEEN_EVERY_MS for the login's type: the condition is in the
 * statement too, so two requests that both found it stale still write it once.
 */
export async function touchSession(
  db: Db,
  session: { sessionId: string; userType: string; lastSeenAt: Date },
): Promise<void> {
  const everyMs = lastSeenEveryMs(session.userType);
  if (Date.now() - session.lastSeenAt.getTime() < everyMs) return;
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(
      and(
        eq(sessions.id, session.sessionId),
        lt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${everyMs / 1000})`),
      ),
    );
}

/**
 * Slides a hotel or merchant session (docs/SECURITY.md "Sessions"): its expiry moves to `expiresAt` (its fresh
 * token's), only while it is live, used within its 7 days and its login still at session version `sv`, in one
 * statement. Answers whether it moved: a session ended meanwhile (a logout in this very request, a new password) gets
 * no fresh token.
 */
export async function extendSession(
  db: Db,
  session: { userId: string; sid: string; sv: number },
  expiresAt: Date,
): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ expiresAt })
    .where(
      and(
        eq(sessions.id, session.sid),
        eq(sessions.userId, session.userId),
        live,
        gt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${sql.raw(String(SLIDING_IDLE_SECONDS))})`),
        gt(sessions.createdAt, sql`now() - make_interval(secs => ${sql.raw(String(SLIDING_SESSION_MAX_SECONDS))})`),
        sql`exists (select 1 from ${users} where ${users.id} = ${sessions.userId} and ${users.userType} <> 'superadmin' and ${users.sessionVersion} = ${session.sv})`,
      ),
    )
    .returning({ id: sessions.id });
  return rows.length > 0;
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

/** GET /auth/sessions: a login's live sessions (none ended by inactivity), the most recently seen first. */
export function listOwnSessions(db: Db, userId: string) {
  return db
    .select(deviceColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.userId, userId), inUse))
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
    .where(and(eq(users.merchantId, merchantId), inUse))
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
