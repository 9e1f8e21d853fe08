import type { AppDeps } from '../../platform/context';
import { AppError } from '../../platform/lib/errors';
import { createLimiter } from '../../platform/middleware/rate-limit';
import type { RedemptionOutcome } from './merchant-area.service';

/**
 * Wrong voucher codes per merchant (docs/SECURITY.md, "Abuse limits"): 30 unknown or malformed codes in 10 minutes,
 * then 429 until the window ends. Only wrong codes count, and the counter's hot path reads nothing more: a merchant
 * over the limit is remembered in this process until then (another server learns it at its next wrong code there).
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
    /** Before a redemption: throws the 429 while this merchant is known to be over the limit. */
    async before(merchantKey: string): Promise<void> {
      const until = blockedUntil.get(merchantKey);
      if (until === undefined) return;
      if (until > Date.now()) await limiter.check(merchantKey);
      blockedUntil.delete(merchantKey); // the window ended
    },
    /** After it: a wrong code counts, and the one past the limit answers 429 instead of "invalid". */
    async after(merchantKey: string, outcome: RedemptionOutcome): Promise<void> {
      if (outcome.kind !== 'unknown' && outcome.kind !== 'not_a_code') return;
      try {
        await limiter.consume(merchantKey);
      } catch (error) {
        const wait = error instanceof AppError && error.status === 429 ? Number(error.headers?.['Retry-After']) : 0;
        if (wait > 0) blockedUntil.set(merchantKey, Date.now() + wait * 1000);
        throw error;
      }
    },
  };
}
