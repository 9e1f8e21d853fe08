import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { UuidIdParam } from '../../../shared/schemas/common';
import { LocationFilterQuery, OffersQuery } from '../../../shared/schemas/merchants';
import { offerCreateSchema, offerUpdateSchema } from '../../../shared/schemas/offers';
import { todayIn } from '../../../shared/dates';
import type { AppDeps, AppEnv } from '../../platform/context';
import { AppError, notFound } from '../../platform/lib/errors';
import { callerCan, requireRole } from '../../platform/middleware/require-role';
import { validate } from '../../platform/middleware/validate';
import { csvResponse } from '../../platform/lib/csv';
import { answers, answersCsv, answersEmpty } from '../../platform/openapi/describe';
import { auditContext } from '../audit/audit-context';
import { auditedWrites } from '../audit/audited-handlers';
import { recordAudit } from '../audit/audit.service';
import {
  GuestOfferCardView,
  GuestOfferView,
  OfferToggleView,
  OfferView,
  OfferWithResultsView,
  presentGuestOffer,
  presentOffer,
  presentOfferResults,
  presentToggle,
} from './offers.presenter';
import { offerResults } from './offer-results';
import { OFFER_RESULTS_COLUMNS, offerResultLines } from './offer-results.export';
import { etagMatches } from '../../platform/lib/etag';
import { guestListResponse, guestOfferLists } from './guest-offers';
import {
  createOffer,
  getOfferWithUsage,
  listGuestOffers,
  listOffers,
  toggleOfferActive,
  updateOffer,
  withUsage,
} from './offers.service';

const NOT_MODIFIED = 'The copy named by If-None-Match is current';

/**
 * A guest answer keyed by catalogue version and day (guest-offers.ts): its ETag and short public caching. True when
 * the client's copy is still good (answer 304).
 */
function guestCaching(c: Context<AppEnv>, etag: string): boolean {
  c.header('ETag', etag);
  c.header('Cache-Control', 'public, max-age=60');
  // A back-office token gets another answer at the list's URL; gzip is chosen here, so no cache may mix them.
  c.header('Vary', 'Authorization, Accept-Encoding');
  return etagMatches(c.req.header('If-None-Match'), etag);
}

/**
 * /api/offers. GET / is also the guest call (docs/PRODUCT.md "Roles"): the back office sees every offer that is not
 * archived; anyone else (no login, or a hotel or merchant login, which grants nothing more here) sees only
 * guest-visible offers of one location. Everything else is back office only.
 */
export function offerRoutes(deps: AppDeps) {
  const { db, config } = deps;
  const today = () => todayIn(config.timeZone);
  const businessDay = () => ({ today: today(), timeZone: config.timeZone });
  const writes = auditedWrites(deps, 'backOffice', offerUpdateSchema(config.timeZone), UuidIdParam);
  const guestLists = guestOfferLists(db);
  // The answers (platform/openapi/describe.ts): each list's, or 304 to a guest whose copy is still current.
  const offerList = [
    answers(v.union([v.array(OfferWithResultsView), v.array(OfferView), v.array(GuestOfferCardView)]), {
      description:
        'OfferWithResults list to the back office; Offer list with location_id; GuestOfferCard list with hotel_id',
    }),
    answersEmpty(304, NOT_MODIFIED),
  ] as const;
  const guestOffer = [answers(GuestOfferView), answersEmpty(304, NOT_MODIFIED)] as const;
  return (
    new Hono<AppEnv>()
      .get('/', ...offerList, validate('query', OffersQuery), async (c) => {
        const user = c.get('user');
        const query = c.req.valid('query');
        const day = today();
        if (callerCan(user, 'backOffice')) {
          const rows = await listOffers(db, businessDay(), {
            locationId: query.location_id,
            capReached: query.cap_reached,
          });
          const results = await offerResults(
            db,
            rows.map((row) => row.id),
            day,
            query.location_id === undefined && query.cap_reached === undefined,
          );
          const list = rows.map((row) => ({
            ...presentOffer(row, day),
            results: presentOfferResults(results.get(row.id)!),
          }));
          // Highest rate first, offers with nothing issued last; a stable sort keeps the list's order among equals.
          if (query.sort === 'redemption_rate')
            list.sort(
              (a, b) => (b.results.all_time.redemption_rate ?? -1) - (a.results.all_time.redemption_rate ?? -1),
            );
          return c.json<OfferWithResultsView[] | OfferView[]>(list);
        }
        // Guests: the hotel decides the location and, for a manual hotel, the merchant types. The compact answer is
        // cached by catalogue version (guest-offers.ts); a guest who has it gets 304, and may keep it for a minute.
        if (query.hotel_id) {
          const found = await guestLists.lookup(query.hotel_id, day);
          if (!found) throw notFound('Hotel not found');
          if (guestCaching(c, found.etag)) return c.body(null, 304);
          return guestListResponse(c, await found.list());
        }
        if (!query.location_id) throw new AppError(422, 'location_id is required');
        const rows = await listGuestOffers(db, { locationId: query.location_id, today: day });
        return c.json((await withUsage(db, rows, businessDay())).map((row) => presentOffer(row, day)));
      })
      // View Details for a guest of this hotel: one offer of its list, from the same cache and with the same ETag.
      // GET /offers/export?location_id=: the per-offer results as CSV (docs/DATA.md "Per-offer results"), every offer
      // of the location or all, in All Offers' order; audited like the other exports.
      .get('/export', answersCsv(), requireRole('backOffice'), validate('query', LocationFilterQuery), async (c) => {
        const { location_id } = c.req.valid('query');
        const day = today();
        const fileName = `offer-results_${location_id ?? 'all'}_${day}.csv`;
        await recordAudit(db, auditContext(c, config), {
          action: 'export.offer_results',
          entity: 'export',
          after: { file: fileName, filters: { location_id: location_id ?? null } },
        });
        const lines = await offerResultLines(db, businessDay(), { locationId: location_id });
        return csvResponse(c, fileName, OFFER_RESULTS_COLUMNS, [lines]);
      })
      .get('/:id/details', ...guestOffer, validate('param', UuidIdParam), validate('query', OffersQuery), async (c) => {
        const hotelId = c.req.valid('query').hotel_id;
        if (!hotelId) throw new AppError(422, 'hotel_id is required');
        const found = await guestLists.lookup(hotelId, today());
        if (!found) throw notFound('Hotel not found');
        // Whether the offer is shown depends only on the catalogue version and the day, which the ETag names.
        if (guestCaching(c, found.etag)) return c.body(null, 304);
        const offer = (await found.list()).byId.get(c.req.valid('param').id);
        if (!offer) throw notFound('Offer not found');
        return c.json(presentGuestOffer(offer));
      })
      .get('/:id', answers(OfferView), requireRole('backOffice'), validate('param', UuidIdParam), async (c) =>
        c.json(presentOffer(await getOfferWithUsage(db, c.req.valid('param').id, businessDay()), today())),
      )
      .post(
        '/',
        answers(OfferView, { status: 201 }),
        requireRole('backOffice'),
        validate('json', offerCreateSchema(config.timeZone)),
        async (c) => {
          const created = await createOffer(db, c.req.valid('json'), businessDay(), auditContext(c, config), {
            backOffice: true,
          });
          return c.json(presentOffer(created, today()), 201);
        },
      )
      .put(
        '/:id',
        answers(OfferView),
        ...writes.update(
          (db, id, input, audit) => updateOffer(db, id, input, businessDay(), audit, { backOffice: true }),
          (row) => presentOffer(row, today()),
        ),
      )
      .patch(
        '/:id/toggle-active',
        answers(OfferToggleView),
        requireRole('backOffice'),
        validate('param', UuidIdParam),
        async (c) => {
          const isActive = await toggleOfferActive(db, c.req.valid('param').id, auditContext(c, config));
          return c.json(presentToggle(isActive));
        },
      )
  );
}
