import { Hono } from 'hono';
import { todayIn } from '../../../shared/dates';
import { UuidIdParam } from '../../../shared/schemas/common';
import {
  FallingHotelsQuerySchema,
  FunnelQuerySchema,
  FunnelReportQuerySchema,
  GuestEventSchema,
} from '../../../shared/schemas/funnel';
import type { AppDeps, AppEnv, GuestEventQueue } from '../../platform/context';
import { notFound } from '../../platform/lib/errors';
import { clientAddress } from '../../platform/middleware/rate-limit';
import { requireRole } from '../../platform/middleware/require-role';
import { validate } from '../../platform/middleware/validate';
import { answers, answersEmpty } from '../../platform/openapi/describe';
import {
  FallingHotelsView,
  FunnelReportView,
  HotelFunnelView,
  presentFallingHotels,
  presentFunnelReport,
  presentHotelFunnel,
} from './funnel.presenter';
import { funnelReportExportRoutes, hotelFunnelExportRoutes } from './funnel.export';
import { ownHotelOnly, rangeOf } from './funnel.range';
import { fallingHotels, funnelByLocation, hotelFunnel, LOCATION_NOT_FOUND, locationFunnel } from './funnel.stats';

/**
 * POST /guest/events (public): the guest page's funnel events (docs/PRIVACY.md "Funnel"), queued and written in
 * batches (event-batches.ts), which also holds its limits. Nothing of the caller is stored: the address only keys
 * the limits (in this server's memory for its 429; in the database as a keyed hash of its minute, gone with the
 * day's key), the tab only the day's keyed hash.
 */
export function guestEventRoutes({ config }: AppDeps, queue: GuestEventQueue) {
  return new Hono<AppEnv>().post(
    '/events',
    answersEmpty(204, "Taken: counted if it is this tab's first of its kind today"),
    validate('json', GuestEventSchema),
    async (c) => {
      await queue.add(c.req.valid('json'), clientAddress(c, config.trustProxy));
      return c.body(null, 204);
    },
  );
}

/**
 * GET /hotels/{id}/funnel?from=&to= (docs/PRODUCT.md "Funnel"): the back office for any hotel, a hotel login for its
 * own (another hotel's id is "not found"). Mounted by the hotels router.
 */
export function hotelFunnelRoutes(deps: AppDeps) {
  const { db, config } = deps;
  return new Hono<AppEnv>()
    .route('/', hotelFunnelExportRoutes(deps))
    .get(
      '/:id/funnel',
      answers(HotelFunnelView),
      requireRole('funnel'),
      validate('param', UuidIdParam),
      validate('query', FunnelQuerySchema),
      async (c) => {
        const { id } = c.req.valid('param');
        ownHotelOnly(c, id);
        const { from, to } = rangeOf(c.req.valid('query'), config.timeZone);
        return c.json(presentHotelFunnel(await hotelFunnel(db, id, from, to)));
      },
    );
}

/**
 * /api/funnel (docs/PRODUCT.md "Funnel"), for those who see reports: GET / the funnel per location, and with
 * location_id per hotel of it; GET /falling-hotels the hotels whose open-to-issue rate fell most.
 */
export function funnelReportRoutes(deps: AppDeps) {
  const { db, config } = deps;
  return new Hono<AppEnv>()
    .route('/', funnelReportExportRoutes(deps))
    .get(
      '/',
      answers(FunnelReportView),
      requireRole('viewReports'),
      validate('query', FunnelReportQuerySchema),
      async (c) => {
        const query = c.req.valid('query');
        const { from, to } = rangeOf(query, config.timeZone);
        const locationId = query.location_id;
        if (locationId === undefined) {
          const locations = await funnelByLocation(db, from, to);
          return c.json(presentFunnelReport({ from, to, locationId: null, locations, hotels: null }));
        }
        const one = await locationFunnel(db, locationId, from, to);
        if (!one) throw notFound(LOCATION_NOT_FOUND);
        return c.json(presentFunnelReport({ from, to, locationId, locations: [one.location], hotels: one.hotels }));
      },
    )
    .get(
      '/falling-hotels',
      answers(FallingHotelsView),
      requireRole('viewReports'),
      validate('query', FallingHotelsQuerySchema),
      async (c) =>
        c.json(
          presentFallingHotels(await fallingHotels(db, todayIn(config.timeZone), c.req.valid('query').location_id)),
        ),
    );
}
