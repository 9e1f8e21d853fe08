import { Hono } from 'hono';
import { addDays, todayIn } from '../../../shared/dates';
import { UuidIdParam } from '../../../shared/schemas/common';
import {
  FUNNEL_RANGE_TOO_LONG,
  FunnelQuerySchema,
  funnelRangeFits,
  GuestEventSchema,
} from '../../../shared/schemas/funnel';
import type { AppDeps, AppEnv } from '../../platform/context';
import { AppError, notFound } from '../../platform/lib/errors';
import { clientAddress, createLimiter } from '../../platform/middleware/rate-limit';
import { callerOf, currentUser, requireRole } from '../../platform/middleware/require-role';
import { validate } from '../../platform/middleware/validate';
import { answers, answersEmpty } from '../../platform/openapi/describe';
import { HotelFunnelView, presentHotelFunnel } from './funnel.presenter';
import { hotelFunnel } from './funnel.stats';
import { recordGuestEvent } from './funnel.service';

/**
 * POST /guest/events (public): the guest page's funnel events (docs/PRIVACY.md "Funnel"). Nothing of the caller is
 * stored: the address only keys the rate limit (hashed, for its minute), the tab only the day's keyed hash.
 */
export function guestEventRoutes({ db, config, rateLimitStore }: AppDeps) {
  // A page sends four events at most per tab; 60 a minute lets a hotel's Wi-Fi full of guests through, not a script.
  const events = createLimiter(rateLimitStore, {
    keyPrefix: 'guest-events',
    points: 60,
    duration: 60,
    message: (wait) => `Too many page events from this network. Please try again in ${wait}.`,
  });
  return new Hono<AppEnv>().post(
    '/events',
    answersEmpty(204, "Counted, or a repeat of this tab's event today (not counted again)"),
    validate('json', GuestEventSchema),
    async (c) => {
      await events.consume(clientAddress(c, config.trustProxy));
      await recordGuestEvent(db, c.req.valid('json'));
      return c.body(null, 204);
    },
  );
}

/**
 * GET /hotels/{id}/funnel?from=&to= (docs/PRODUCT.md "Funnel"): the back office for any hotel, a hotel login for its
 * own (another hotel's id is "not found"). Mounted by the hotels router.
 */
export function hotelFunnelRoutes({ db, config }: AppDeps) {
  return new Hono<AppEnv>().get(
    '/:id/funnel',
    answers(HotelFunnelView),
    requireRole('funnel'),
    validate('param', UuidIdParam),
    validate('query', FunnelQuerySchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const user = currentUser(c);
      if (callerOf(user) === 'hotel' && user.hotelId !== id) throw notFound('Hotel not found');
      const query = c.req.valid('query');
      const to = query.to ?? (query.from ? laterOf(query.from, todayIn(config.timeZone)) : todayIn(config.timeZone));
      const from = query.from ?? addDays(to, -29);
      if (!funnelRangeFits(from, to)) throw new AppError(422, FUNNEL_RANGE_TOO_LONG);
      return c.json(presentHotelFunnel(await hotelFunnel(db, id, from, to)));
    },
  );
}

/** From alone: to today, or the From day itself when it is in the future. */
const laterOf = (a: string, b: string) => (a > b ? a : b);
