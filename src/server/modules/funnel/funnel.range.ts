import { addDays, todayIn } from '../../../shared/dates';
import { FUNNEL_RANGE_TOO_LONG, funnelRangeFits } from '../../../shared/schemas/funnel';
import { AppError } from '../../platform/lib/errors';

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
