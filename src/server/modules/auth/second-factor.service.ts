import { randomInt } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH } from '../../../shared/schemas/second-factor';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../platform/context';
import { badRequest, conflict, forbidden, notFound } from '../../platform/lib/errors';
import { hashPassword, verifyPassword } from '../../platform/lib/passwords';
import { seal, unseal } from '../../platform/lib/sealed';
import { createLimiter, type Limiter, type RateLimitStore } from '../../platform/middleware/rate-limit';
import { type AuditContext, recordAudit } from '../audit/audit.service';
import { users } from '../users/table';
import { endSessions } from '../users/users.service';
import { recoveryCodes, secondFactors } from './table';
import { newTotpSecret, totpStep, totpUri } from './totp';

/**
 * Two-step sign-in (docs/SECURITY.md "Second factor"): a TOTP secret per login, sealed at rest, confirmed with a
 * first code; ten one-time recovery codes; a code accepted once (a later time step than the last accepted only);
 * wrong codes limited per login.
 */

export const SET_UP_SECOND_FACTOR_FIRST = 'Set up two-step sign-in first';
export const SECOND_FACTOR_ALREADY_ON = 'Two-step sign-in is already on';
export const SECOND_FACTOR_NOT_STARTED = 'Start setting up two-step sign-in first';
export const SECOND_FACTOR_NOT_ON = 'Two-step sign-in is not on';
export const SECOND_FACTOR_REQUIRED = 'Two-step sign-in is required for your role: it cannot be turned off';
export const WRONG_CODE = 'That code is not right. Enter the current code from your authenticator app.';
export const WRONG_RECOVERY_CODE = 'That recovery code is not right, or it was used already';
export const OWN_SECOND_FACTOR = 'Turn off your own two-step sign-in under Two-step sign-in';

/** Wrong codes per login: 5 in 15 minutes (docs/SECURITY.md "Second factor"), counted before the code is checked. */
export const WRONG_CODES_ALLOWED = 5;

export function createCodeLimiter(store: RateLimitStore): Limiter {
  return createLimiter(store, {
    keyPrefix: 'second-factor',
    points: WRONG_CODES_ALLOWED,
    duration: 15 * 60,
    message: (wait) => `Too many wrong codes. Try again in ${wait}.`,
  });
}

/** The key sealing TOTP secrets (DATA_ENCRYPTION_KEY; undefined stores them plain, docs/OPERATING.md "Keys"). */
export type SealKey = Buffer | undefined;

const confirmed = (userId: string) => and(eq(secondFactors.userId, userId), isNotNull(secondFactors.confirmedAt));

/** Whether the login has two-step sign-in on, and how many of its recovery codes are left. */
export async function secondFactorStatus(db: Db, userId: string) {
  const [row] = await db
    .select({
      enabled: sql<boolean>`${secondFactors.confirmedAt} is not null`,
      left: sql<number>`(select count(*)::int from ${recoveryCodes} where ${recoveryCodes.userId} = ${userId} and ${recoveryCodes.usedAt} is null)`,
    })
    .from(secondFactors)
    .where(eq(secondFactors.userId, userId))
    .limit(1);
  return { enabled: row?.enabled ?? false, recoveryCodesLeft: row?.enabled ? row.left : 0 };
}

/** Whether the login has two-step sign-in on (its sign-in takes a second step). */
export async function hasSecondFactor(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ userId: secondFactors.userId }).from(secondFactors).where(confirmed(userId)).limit(1);
  return row !== undefined;
}

/**
 * "Set up": a new secret for the login, sealed, not yet on (a set-up started before is replaced). 409 while two-step
 * sign-in is on. Answers the secret and its otpauth:// URI (shown once, as a QR code and as text).
 */
export async function startSetup(db: Db, key: SealKey, user: AuthUser): Promise<{ secret: string; uri: string }> {
  const secret = newTotpSecret();
  const sealed = seal(secret, key);
  const rows = await db
    .insert(secondFactors)
    .values({ userId: user.id, secret: sealed })
    .onConflictDoUpdate({
      target: secondFactors.userId,
      set: { secret: sealed, lastStep: null, createdAt: sql`now()` },
      setWhere: isNull(secondFactors.confirmedAt),
    })
    .returning({ userId: secondFactors.userId });
  if (rows.length === 0) throw conflict(SECOND_FACTOR_ALREADY_ON);
  return { secret, uri: totpUri(secret, user.username) };
}

/** Ten new recovery codes: 10 characters of a-z2-7 each (50 random bits), shown once, kept as Argon2id hashes. */
function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: RECOVERY_CODE_LENGTH }, () => alphabet[randomInt(alphabet.length)]).join(''),
  );
}

/**
 * "Confirm": the first code from the app turns two-step sign-in on (its step counts as used) and answers the ten
 * recovery codes, which replace any earlier ones. Wrong codes count against the login's limit.
 */
export async function confirmSetup(
  db: Db,
  key: SealKey,
  limiter: Limiter,
  audit: AuditContext,
  user: AuthUser,
  code: string,
): Promise<string[]> {
  const [row] = await db
    .select({ secret: secondFactors.secret, confirmedAt: secondFactors.confirmedAt })
    .from(secondFactors)
    .where(eq(secondFactors.userId, user.id))
    .limit(1);
  if (!row) throw badRequest(SECOND_FACTOR_NOT_STARTED);
  if (row.confirmedAt) throw conflict(SECOND_FACTOR_ALREADY_ON);
  await limiter.consume(user.id);
  const step = totpStep(unseal(row.secret, key), code);
  if (step === undefined) throw badRequest(WRONG_CODE);
  await limiter.reward(user.id);
  const codes = newRecoveryCodes();
  const hashes = await Promise.all(codes.map((one) => hashPassword(one)));
  await db.transaction(async (tx) => {
    const turnedOn = await tx
      .update(secondFactors)
      .set({ confirmedAt: sql`now()`, lastStep: step })
      .where(and(eq(secondFactors.userId, user.id), isNull(secondFactors.confirmedAt)))
      .returning({ userId: secondFactors.userId });
    if (turnedOn.length === 0) throw conflict(SECOND_FACTOR_ALREADY_ON);
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId: user.id, codeHash })));
    await recordAudit(tx, audit, { action: 'second_factor.enable', entity: 'user', entityId: user.id });
  });
  return codes;
}

/**
 * A current code of the login's app, accepted at most once: the step it belongs to is written only when it is later
 * than the last accepted one, in one statement, so the same code sent twice (even at once) passes once.
 */
async function acceptCode(db: Db, key: SealKey, userId: string, code: string): Promise<boolean> {
  const [row] = await db.select({ secret: secondFactors.secret }).from(secondFactors).where(confirmed(userId)).limit(1);
  if (!row) return false;
  const step = totpStep(unseal(row.secret, key), code);
  if (step === undefined) return false;
  const accepted = await db
    .update(secondFactors)
    .set({ lastStep: step })
    .where(and(confirmed(userId), or(isNull(secondFactors.lastStep), lt(secondFactors.lastStep, step))))
    .returning({ userId: secondFactors.userId });
  return accepted.length > 0;
}

/** One of the login's unused recovery codes, spent by this call (a code spent meanwhile does not count). */
async function spendRecoveryCode(db: Db, userId: string, code: string): Promise<boolean> {
  const unused = await db
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  for (const row of unused) {
    if (!(await verifyPassword(row.codeHash, code))) continue;
    const spent = await db
      .update(recoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(and(eq(recoveryCodes.id, row.id), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    return spent.length > 0;
  }
  return false;
}

export type SecondFactorProof =
  { code: string; recovery_code?: undefined } | { code?: undefined; recovery_code: string };
export type SecondFactorUsed = 'authenticator' | 'recovery code';

/**
 * Checks a code or a recovery code of the login, counted against its wrong-code limit first (parallel guesses count
 * at once; 429 past the limit); a right one gives its count back. Answers what was used, undefined when wrong.
 */
export async function checkSecondFactor(
  db: Db,
  key: SealKey,
  limiter: Limiter,
  userId: string,
  proof: { code?: string; recovery_code?: string },
): Promise<SecondFactorUsed | undefined> {
  await limiter.consume(userId);
  const used: SecondFactorUsed | undefined =
    proof.code !== undefined
      ? (await acceptCode(db, key, userId, proof.code))
        ? 'authenticator'
        : undefined
      : proof.recovery_code !== undefined && (await spendRecoveryCode(db, userId, proof.recovery_code))
        ? 'recovery code'
        : undefined;
  if (used) await limiter.reward(userId);
  return used;
}

export const wrongProof = (proof: { code?: string }) =>
  badRequest(proof.code !== undefined ? WRONG_CODE : WRONG_RECOVERY_CODE);

/** Deletes a login's second factor and recovery codes; answers whether it had one on. */
async function removeSecondFactor(db: Db, userId: string): Promise<boolean> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const removed = await db
    .delete(secondFactors)
    .where(eq(secondFactors.userId, userId))
    .returning({ on: sql<boolean>`${secondFactors.confirmedAt} is not null` });
  return removed[0]?.on ?? false;
}

/** "Turn off", with a current code or a recovery code; refused (403) while the login's role requires it. */
export async function turnOff(
  db: Db,
  key: SealKey,
  limiter: Limiter,
  audit: AuditContext,
  user: AuthUser,
  proof: { code?: string; recovery_code?: string },
): Promise<void> {
  if (user.secondFactor?.required) throw forbidden(SECOND_FACTOR_REQUIRED);
  if (!(await hasSecondFactor(db, user.id))) throw badRequest(SECOND_FACTOR_NOT_ON);
  if (!(await checkSecondFactor(db, key, limiter, user.id, proof))) throw wrongProof(proof);
  await db.transaction(async (tx) => {
    await removeSecondFactor(tx, user.id);
    await recordAudit(tx, audit, { action: 'second_factor.disable', entity: 'user', entityId: user.id });
  });
}

/**
 * The super admin's reset of another login's two-step sign-in (a lost phone; docs/SECURITY.md "Second factor"), or
 * the server command's (`npm run admin:reset-mfa`): the secret and recovery codes are deleted and every session of
 * the login ends, audited. The login sets it up again at its next sign-in when its role requires it.
 */
export async function resetSecondFactor(
  db: Db,
  audit: AuditContext,
  target: { id: string; username: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const wasOn = await removeSecondFactor(tx, target.id);
    await endSessions(tx, target.id);
    await recordAudit(tx, audit, {
      action: 'second_factor.reset',
      entity: 'user',
      entityId: target.id,
      after: { username: target.username, was_on: wasOn },
    });
  });
}

/** A back-office login by id, for the super admin's reset (User Management); 404 otherwise, 400 for oneself. */
export async function adminUserForReset(db: Db, actor: AuthUser, id: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.id, id), eq(users.userType, 'superadmin')))
    .limit(1);
  if (!row) throw notFound('User not found');
  if (row.id === actor.id) throw badRequest(OWN_SECOND_FACTOR);
  return row;
}

/**
 * `npm run admin:reset-mfa -- <username>` (a sole super admin who lost both phone and recovery codes): resets any
 * login's two-step sign-in by username (any case), audited as done by the server command. Answers the login reset,
 * undefined when there is no such username.
 */
export async function resetSecondFactorByCommand(db: Db, username: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  if (row)
    await resetSecondFactor(db, { actor: { id: null, username: 'npm run admin:reset-mfa' }, address: 'server' }, row);
  return row;
}

/** The login a second-step token names, with what the second step checks and the session it makes needs. */
export async function loginForSecondStep(db: Db, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      userType: users.userType,
      sessionVersion: users.sessionVersion,
      merchantId: users.merchantId,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}
