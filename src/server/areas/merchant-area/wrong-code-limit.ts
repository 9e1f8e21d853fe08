import type { AppDeps } from '../../platform/context';
import { AppError } from '../../platform/lib/errors';
import { createLimiter } from '../../platform/middleware/rate-limit';
import type { RedemptionOutcome } from './merchant-area.service';

/**
 * Wrong voucher codes per merchant (docs/SECURITY.md, "Abuse limits"): 30 unknown or malformed codes in 10 minutes,
 * then 429 until the window ends, real codes too.
 *
 * Counted and checked in one step: every redemption takes a point before its code is looked at (one atomic
 * increment in the store, which answers the count), and a right code gives it back afterwards. So a code that arrives
 * once 30 wrong ones are counted is refused whatever is in flight beside it, on every server; a burst can only make
 * the limit stricter for a moment (a right code in flight holds its point until it is answered), never looser.
 * A merchant known to be over the limit is refused from this process's memory without asking the store again.
 */
export const WRONG_CODES_PER_WINDOW = 30;

export function createWrongCodeLimit(store: AppDeps['rateLimitStore']) {
  const limiter = createLimiter(store, {
    keyPrefix: 'redeem-wrong-code',
    points: WRONG_CODES_PER_WINDOW,
    duration: 10 * 60,
    message: (wait) => `Too many wrong voucher codes. Try again in ${wait}.`,
  });
  const blockedUntil = new Map<string, number>();

  return {
    /**
     * Runs one redemption under the limit: takes the point first (the 429 once 30 wrong codes are counted), then
     * gives it back unless the outcome is a wrong code. A redemption that fails, or is refused, gives it back too:
     * only wrong codes count.
     */
    async around(merchantKey: string, redeem: () => Promise<RedemptionOutcome>): Promise<RedemptionOutcome> {
      const until = blockedUntil.get(merchantKey);
      if (until !== undefined) {
        if (until > Date.now()) await limiter.check(merchantKey);
        blockedUntil.delete(merchantKey); // the window ended
      }
      try {
        await limiter.consume(merchantKey);
      } catch (error) {
        const wait = error instanceof AppError && error.status === 429 ? Number(error.headers?.['Retry-After']) : 0;
        if (wait > 0) {
          blockedUntil.set(merchantKey, Date.now() + wait * 1000);
          // Refused unread, it is no wrong code: the point goes back (the count stays at the limit while it is full).
          await limiter.reward(merchantKey);
        }
        throw error;
      }
      let wrong = false;
      try {
        const outcome = await redeem();
        wrong = outcome.kind === 'unknown' || outcome.kind === 'not_a_code';
        return outcome;
      } finally {
        if (!wrong) await limiter.reward(merchantKey);
      }
    },
  };
}
