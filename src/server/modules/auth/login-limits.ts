import { createHash } from 'node:crypto';
import { and, eq, gt, type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../platform/context';
import { AppError } from '../../platform/lib/errors';
import { createLimiter } from '../../platform/middleware/rate-limit';
import { recordAudit } from '../audit/audit.service';
import { loginLocks } from './table';

/**
 * Password guessing limits (docs/SECURITY.md, "Login limits"), which protect an account without letting anyone lock
 * its owner out. Each attempt is counted before its password is checked, so parallel guesses count at once; a right
 * password gives its count back.
 * - A known device (a valid device cookie for the account typed, device-token.ts) is never refused because of the
 *   account's lock or other devices' failures: its own wrong passwords count against that cookie only, 10 in 15
 *   minutes. It is not counted against its address either: a device that signed in to this account before guesses
 *   only this account, at its own limit, and staff behind a hotel's shared address must not be refused because
 *   someone else on that network sprays usernames.
 * - An unknown device: the account's failures from unknown devices, on every server (the login_locks table): from
 *   the 5th the account is locked to unknown devices for 30 s, doubling with each further failure up to an hour;
 *   the count is forgotten a day after the last failure. While locked, an unknown device is refused (429, until
 *   when) before its password is checked. And per address, every account: 30 failures in 15 minutes (one address
 *   spraying many usernames).
 * Accounts are counted by username as typed (lower case), whether or not it exists, so a 429 reveals nothing.
 *
 * A wrong current password on a password change (a signed-in login) counts against that login only: 10 in 15
 * minutes per login, never against the address or the account's sign-in counts, so colleagues behind the same
 * address, and the login's own sign-in, are not refused because of it.
 */
export const LOGIN_LIMITS = {
  device: 10,
  address: 30,
  currentPassword: 10,
  /** The failure from an unknown device that first locks the account. */
  lockFrom: 5,
  firstLockSeconds: 30,
  longestLockSeconds: 60 * 60,
  /** A lock growing past this is audited again (the super admin sees a long attack in the activity log). */
  longLockSeconds: 15 * 60,
  /** The account's count is forgotten this long after its last failure: longer than the longest lock, or waiting out
   * each lock would start the count again. */
  forgetAfterSeconds: 24 * 60 * 60,
} as const;

/** The lock after the account's `failures`-th failure from unknown devices, in seconds (0: none). */
export function lockSeconds(failures: number): number {
  if (failures < LOGIN_LIMITS.lockFrom) return 0;
  const doublings = Math.min(failures - LOGIN_LIMITS.lockFrom, 20);
  return Math.min(LOGIN_LIMITS.firstLockSeconds * 2 ** doublings, LOGIN_LIMITS.longestLockSeconds);
}

export const ACCOUNT_LOCKED = 'Too many failed sign-in attempts for this account';

/** The refusal of an unknown device while the account is locked: until when, in the answer and in Retry-After. */
export function accountLocked(until: Date, now = Date.now()): AppError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    429,
    `${ACCOUNT_LOCKED}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { 'Retry-After': String(seconds) },
    { locked_until: until.toISOString() },
  );
}

export interface LoginAttempt {
  /** The password was right: the attempt no longer counts. */
  succeeded(): Promise<void>;
  /** The password was wrong (or the screen): audits the account's lock when this failure started or lengthened it. */
  failed(): Promise<void>;
}

/** Who tries: the address, and the known device's nonce when the request carries a valid cookie for the account. */
export interface LoginCaller {
  address: string;
  device?: { nonce: string };
}

export type LoginLimits = ReturnType<typeof createLoginLimits>;

// The account's key: a digest of the username, so the table holds no usernames.
const accountKey = (name: string) => createHash('sha256').update(name).digest('base64url');

/** The lock after the row's new count `failures` (SQL), as a timestamp or null: lockSeconds in SQL. */
const lockAfter = (failures: SQL) => {
  const { lockFrom, firstLockSeconds, longestLockSeconds } = LOGIN_LIMITS;
  return sql`case when ${failures} >= ${n(lockFrom)} then now() + make_interval(secs => least(${n(firstLockSeconds)}
    * power(2, least(${failures} - ${n(lockFrom)}, 20)), ${n(longestLockSeconds)})) end`;
};
/** A constant of ours, written into the statement (a parameter's type would have to be spelled out). */
const n = (value: number) => sql.raw(String(value));

/**
 * Counts one failure of the account from an unknown device, in one statement (servers and parallel requests see each
 * other's counts at once), unless it is locked: then nothing is counted and the lock is answered. A count older than
 * forgetAfterSeconds starts again at 1. Up to 10 forgotten rows of other accounts are deleted on the way, so the table
 * holds only accounts failed within a day.
 */
async function countAccountFailure(db: Db, key: string): Promise<{ failures: number } | { lockedUntil: Date }> {
  const forget = sql`now() - make_interval(secs => ${n(LOGIN_LIMITS.forgetAfterSeconds)})`;
  const failures = sql`case when ${loginLocks.lastFailureAt} < ${forget} then 1 else ${loginLocks.failures} + 1 end`;
  const rows = rowsOf<{ failures: number }>(
    await db.execute(sql`
    with forgotten as (
      delete from ${loginLocks} where ${loginLocks.account} in (
        select ${loginLocks.account} from ${loginLocks}
        where ${loginLocks.lastFailureAt} < ${forget} and ${loginLocks.account} <> ${key}
        limit 10 for update skip locked))
    insert into ${loginLocks} (account, failures, last_failure_at, locked_until)
    values (${key}, 1, now(), ${lockAfter(sql`1`)})
    on conflict (account) do update set
      failures = ${failures},
      last_failure_at = now(),
      locked_until = ${lockAfter(failures)}
    where ${loginLocks.lockedUntil} is null or ${loginLocks.lockedUntil} <= now()
    returning failures`),
  );
  const [counted] = rows;
  if (counted) return { failures: Number(counted.failures) };
  const [lock] = await db
    .select({ until: loginLocks.lockedUntil })
    .from(loginLocks)
    .where(and(eq(loginLocks.account, key), gt(loginLocks.lockedUntil, sql`now()`)));
  // The lock ended between the two statements: count again.
  return lock?.until ? { lockedUntil: lock.until } : countAccountFailure(db, key);
}

/**
 * Gives a right password's count back. When no failure came after it (the count is still `failures`), a lock this
 * attempt started is lifted too: the owner signed in, and the next wrong password locks again at the count reached.
 */
async function giveBack(db: Db, key: string, failures: number): Promise<void> {
  await db
    .update(loginLocks)
    .set({
      failures: sql`greatest(${loginLocks.failures} - 1, 0)`,
      lockedUntil: sql`case when ${loginLocks.failures} = ${failures} then null else ${loginLocks.lockedUntil} end`,
    })
    .where(and(eq(loginLocks.account, key), gt(loginLocks.failures, 0)));
}

export function createLoginLimits(deps: Pick<AppDeps, 'db' | 'rateLimitStore'>) {
  const { db, rateLimitStore: store } = deps;
  const device = createLimiter(store, {
    keyPrefix: 'login-device',
    points: LOGIN_LIMITS.device,
    duration: 15 * 60,
    message: (wait) => `Too many failed login attempts on this device. Try again in ${wait}.`,
  });
  const address = createLimiter(store, {
    keyPrefix: 'login-address',
    points: LOGIN_LIMITS.address,
    duration: 15 * 60,
    message: (wait) => `Too many failed login attempts from this network. Try again in ${wait}.`,
  });
  const currentPassword = createLimiter(store, {
    keyPrefix: 'current-password',
    points: LOGIN_LIMITS.currentPassword,
    duration: 15 * 60,
    message: (wait) => `Too many wrong current passwords. Try again in ${wait}.`,
  });

  return {
    /** Counts one current-password check of the signed-in login `userId`; throws the 429 when its limit is used up. */
    async currentPassword(userId: string): Promise<Omit<LoginAttempt, 'failed'>> {
      await currentPassword.consume(userId);
      return {
        async succeeded() {
          await currentPassword.reset(userId);
        },
      };
    },
    /** Counts one password attempt for `username` by `caller`; throws the 429 when a limit is used up or locked. */
    async attempt(caller: LoginCaller, username: string): Promise<LoginAttempt> {
      const name = username.toLowerCase();
      if (caller.device) {
        const { nonce } = caller.device;
        await device.consume(nonce);
        return { succeeded: () => device.reset(nonce), failed: async () => {} };
      }
      const from = caller.address;
      await address.consume(from);
      const key = accountKey(name);
      const counted = await countAccountFailure(db, key);
      if ('lockedUntil' in counted) {
        await address.reward(from); // refused before any password was checked: not a guess
        throw accountLocked(counted.lockedUntil);
      }
      const { failures } = counted;
      return {
        async succeeded() {
          await Promise.all([address.reward(from), giveBack(db, key, failures)]);
        },
        async failed() {
          const lock = lockSeconds(failures);
          const started = failures === LOGIN_LIMITS.lockFrom;
          const grewLong =
            lock > LOGIN_LIMITS.longLockSeconds && lockSeconds(failures - 1) <= LOGIN_LIMITS.longLockSeconds;
          if (!started && !grewLong) return;
          const [row] = await db
            .select({ until: loginLocks.lockedUntil })
            .from(loginLocks)
            .where(eq(loginLocks.account, key));
          await recordAudit(
            db,
            { actor: { id: null, username }, address: from },
            {
              action: 'login.locked',
              entity: 'user',
              entityId: null,
              after: { username, until: row?.until?.toISOString() ?? null, failures, lock_seconds: lock },
            },
          );
        },
      };
    },
  };
}
