import type { AppDeps } from '../../platform/context';
import { createLimiter } from '../../platform/middleware/rate-limit';

/**
 * Password guessing limits (docs/SECURITY.md, "Login limits"). Each attempt is counted before its password is
 * checked, so parallel guesses count at once; a right password gives its count back. Three counts:
 * - address + account: 10 failures in 15 minutes (a person mistyping; a right password clears it);
 * - account, every address: at most 100 failures an hour, then the account is refused everywhere until the hour
 *   ends. Past 20 ("under attack") each address + account pair gets only 3 (slow down); an address without
 *   failures still gets in with the right password while the account is under 100;
 * - address, every account: 30 failures in 15 minutes (one address spraying many usernames).
 * Accounts are counted by username as typed (lower case), whether or not it exists, so a 429 reveals nothing.
 *
 * A wrong current password on a password change (a signed-in login) counts against that login only: 10 in 15
 * minutes per login, never against the address or the account's sign-in counts, so colleagues behind the same
 * address, and the login's own sign-in, are not refused because of it.
 */
export const LOGIN_LIMITS = {
  pair: 10,
  pairUnderAttack: 3,
  accountUnderAttack: 20,
  account: 100,
  address: 30,
  currentPassword: 10,
} as const;

export interface LoginAttempt {
  /** The password was right: the attempt no longer counts, and this address's failures on the account are forgotten. */
  succeeded(): Promise<void>;
}

export type LoginLimits = ReturnType<typeof createLoginLimits>;

export function createLoginLimits(store: AppDeps['rateLimitStore']) {
  const pair = createLimiter(store, {
    keyPrefix: 'login',
    points: LOGIN_LIMITS.pair,
    duration: 15 * 60,
    message: (wait) => `Too many failed login attempts. Try again in ${wait}.`,
  });
  const account = createLimiter(store, {
    keyPrefix: 'login-account',
    points: LOGIN_LIMITS.account,
    duration: 60 * 60,
    message: (wait) => `Too many failed login attempts for this account. Try again in ${wait}.`,
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
    async currentPassword(userId: string): Promise<LoginAttempt> {
      await currentPassword.consume(userId);
      return {
        async succeeded() {
          await currentPassword.reset(userId);
        },
      };
    },
    /** Counts one password attempt for `username` from `from`; throws the 429 when a limit is used up. */
    async attempt(from: string, username: string): Promise<LoginAttempt> {
      const name = username.toLowerCase();
      const pairKey = `${from}|${name}`;
      const [, accountCount] = await Promise.all([address.consume(from), account.consume(name)]);
      const pairLimit =
        accountCount > LOGIN_LIMITS.accountUnderAttack ? LOGIN_LIMITS.pairUnderAttack : LOGIN_LIMITS.pair;
      await pair.consume(pairKey, pairLimit);
      return {
        async succeeded() {
          await Promise.all([address.reward(from), account.reward(name), pair.reset(pairKey)]);
        },
      };
    },
  };
}
