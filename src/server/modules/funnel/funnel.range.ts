import { addDays, todayIn } from '../../../shared/dates';
import { FUNNEL_RANGE_TOO_LONG, funnelRangeFits } from '../../../shared/schemas/funnel';
import type { Context } from 'hono';
import type { AppEnv } from '../../platform/context';
import { AppError, notFound } from '../../platform/lib/errors';
import { callerOf, currentUser } from '../../platform/middleware/require-role';

/**
 * The range of a funnel query: both absent, the last 30 days to today; From alone, to today (or the From day itself
 * when it is in the future); To alone, its 30 days. 422 past FUNNEL_RANGE_MAX_DAYS.
 */
export function rangeOf(query: { from?: string; to?: string }, timeZone: string): { from: string; to: string } {
  const today = todayIn(timeZone);
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? addDays(to, -29);
  if (!funnelRangeFits(from, to)) throw new AppError(422, FUNNEL_RANGE_TOO_LONG);
  return { from, to };
}

/** A hotel login reads its own hotel's funnel only: another hotel's id is "not found" (docs/PRODUCT.md "Funnel"). */
export function ownHotelOnly(c: Context<AppEnv>, hotelId: string): void {
  const user = currentUser(c);
  if (callerOf(user) === 'hotel' && user.hotelId !== hotelId) throw notFound('Hotel not found');
}
