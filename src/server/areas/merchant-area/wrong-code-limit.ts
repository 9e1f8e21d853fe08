import type { AppDeps } from '../../platform/context';
import { AppError } from '../../platform/lib/errors';
import { createLimiter } from '../../platform/middleware/rate-limit';
import type { RedemptionOutcome } from './merchant-area.service';

/**
 * Wrong voucher codes per merchant (docs/SECURITY.md, "Abuse limits"): 30 unknown or malformed codes in 10 minutes,
 * then 429 until the window ends, real codes too.
 *
 * A right code costs nothing extra: on PostgreSQL the redemption's own statement reads the merchant's count (one
 * index read of its `rate_limits` row, no lock) and changes nothing once 30 are counted; on PGlite the count is in
 * this process's memory and read before. Only when the code changed nothing is the count read again, for the 429,
 * and a wrong code is counted after its miss (one statement, on the wrong path only). So codes in flight never refuse
 * a right one, every server sees the same count, and the lookups a burst of guesses gets are bounded by 30 plus the
 * codes in flight when the 30th is counted.
 * A merchant known to be over the limit is refused after one read, without the redemption's statement.
 */
export const WRONG_CODES_PER_WINDOW = 30;

/** What a redemption gets from the limit: the count for its statement, and the 429 before telling why it missed. */
export interface WrongCodeCheck {
  /** The count's row for the redemption's statement (PostgreSQL); undefined when it was checked in memory. */
  inStatement: { key: string; limit: number } | undefined;
  /** Throws the 429 once the limit is reached; called when the code changed nothing. */
  whenMissed: () => Promise<void>;
}

const perApp = new WeakMap<AppDeps, ReturnType<typeof createWrongCodeLimit>>();

/**
 * The app's one wrong-code limit: the counter's route and its fast path (counter-fast-path.ts) share it, so a
 * merchant found over the limit by either is known to both.
 */
export function wrongCodeLimitOf(deps: AppDeps) {
  let limit = perApp.get(deps);
  if (!limit) perApp.set(deps, (limit = createWrongCodeLimit(deps.rateLimitStore)));
  return limit;
}

function createWrongCodeLimit(store: AppDeps['rateLimitStore']) {
  const limiter = createLimiter(store, {
    keyPrefix: 'redeem-wrong-code',
    points: WRONG_CODES_PER_WINDOW,
    duration: 10 * 60,
    message: (wait) => `Too many wrong voucher codes. Try again in ${wait}.`,
  });
  const blockedUntil = new Map<string, number>();

  const refuseOverLimit = async (merchantKey: string) => {
    try {
      await limiter.check(merchantKey);
    } catch (error) {
      const wait = error instanceof AppError && error.status === 429 ? Number(error.headers?.['Retry-After']) : 0;
      if (wait > 0) blockedUntil.set(merchantKey, Date.now() + wait * 1000);
      throw error;
    }
  };

  /** The count's row for the redemption's statement; undefined when it is counted in memory (PGlite). */
  const inStatement = (merchantKey: string) => {
    const key = limiter.storedKey(merchantKey);
    return key === undefined ? undefined : { key, limit: WRONG_CODES_PER_WINDOW };
  };

  return {
    /**
     * What the counter's fast path (counter-fast-path.ts) redeems under: the count's row for its statement
     * (PostgreSQL); null when the count is in memory (PGlite) and below the limit, checked now as `around` checks
     * it; undefined when the merchant is over the limit (the ordinary path then answers 429).
     */
    async forFastPath(merchantKey: string): Promise<{ key: string; limit: number } | null | undefined> {
      const until = blockedUntil.get(merchantKey);
      if (until !== undefined && until > Date.now()) return undefined;
      const checked = inStatement(merchantKey);
      if (checked) return checked;
      try {
        await limiter.check(merchantKey);
        return null;
      } catch {
        return undefined;
      }
    },
    /** Runs one redemption under the limit and counts its code if it was wrong (unknown or not a code). */
    async around(
      merchantKey: string,
      redeem: (check: WrongCodeCheck) => Promise<RedemptionOutcome>,
    ): Promise<RedemptionOutcome> {
      const until = blockedUntil.get(merchantKey);
      if (until !== undefined) {
        if (until > Date.now()) await refuseOverLimit(merchantKey);
        blockedUntil.delete(merchantKey); // the window ended
      }
      const checked = inStatement(merchantKey);
      if (!checked) await refuseOverLimit(merchantKey);
      const outcome = await redeem({
        inStatement: checked,
        whenMissed: () => refuseOverLimit(merchantKey),
      });
      if (outcome.kind === 'unknown' || outcome.kind === 'not_a_code') await limiter.penalty(merchantKey);
      return outcome;
    },
  };
}
