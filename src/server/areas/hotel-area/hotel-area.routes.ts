import { Hono } from 'hono';
import * as v from 'valibot';
import { addDays, todayIn } from '../../../shared/dates';
import { HotelCustomersQuerySchema } from '../../../shared/schemas/hotel-area';
import { PlacementRankingQuerySchema } from '../../../shared/schemas/placements';
import { PlacementRankView, presentPlacementRank } from '../../modules/placements/placements.presenter';
import { placementRanking } from '../../modules/placements/placements.stats';
import type { AppDeps, AppEnv } from '../../platform/context';
import { currentUser, requireRole } from '../../platform/middleware/require-role';
import { validate } from '../../platform/middleware/validate';
import { answers } from '../../platform/openapi/describe';
import { NEXT_CURSOR, TOTAL_COUNT } from '../../platform/openapi/shapes';
import { hotelExportAreaRoutes } from './hotel-area.export';
import { hotelInvoiceRoutes } from '../../modules/invoices/invoices.routes';
import { hotelPaymentRoutes } from '../../modules/payments/payments.routes';
import { HotelBillingView, presentHotelBilling } from '../../modules/invoices/invoices.presenter';
import { getHotelBilling, saveHotelBilling } from '../../modules/invoices/invoices.service';
import { HotelBillingSchema } from '../../../shared/schemas/invoices';
import { auditContext } from '../../modules/audit/audit-context';
import {
  HotelCustomerView,
  HotelDashboardView,
  presentHotelCustomer,
  presentHotelDashboard,
} from './hotel-area.presenter';
import { hotelDashboard, listHotelCustomers, ownHotelId } from './hotel-area.service';

/**
 * /api/hotel: the hotel's own area. Every call needs a hotel login and reads that login's hotel only; nothing a
 * client sends chooses the hotel. The one router of the prefix: its calls and its export.
 */
export function hotelAreaRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .route('/', ownHotelRoutes(deps))
    .route('/', hotelExportAreaRoutes(deps))
    .route(
      '/',
      hotelInvoiceRoutes(deps, (c) => ownHotelId(currentUser(c).hotelId)),
    )
    .route(
      '/',
      hotelPaymentRoutes(deps, (c) => ownHotelId(currentUser(c).hotelId)),
    );
}

function ownHotelRoutes({ db, config }: AppDeps) {
  return (
    new Hono<AppEnv>()
      .use('*', requireRole('hotelArea'))
      // Its billing details (docs/PRODUCT.md "Tax invoices"): what its next invoices print; issued ones keep theirs.
      .get('/billing', answers(HotelBillingView), async (c) =>
        c.json(presentHotelBilling(await getHotelBilling(db, ownHotelId(currentUser(c).hotelId)))),
      )
      .put('/billing', answers(HotelBillingView), validate('json', HotelBillingSchema), async (c) => {
        const hotelId = ownHotelId(currentUser(c).hotelId);
        const saved = await saveHotelBilling(db, hotelId, c.req.valid('json'), auditContext(c, config));
        return c.json(presentHotelBilling(saved));
      })
      .get('/dashboard', answers(HotelDashboardView), async (c) => {
        const hotelId = ownHotelId(currentUser(c).hotelId);
        return c.json(presentHotelDashboard(await hotelDashboard(db, hotelId, config.timeZone)));
      })
      .get(
        '/customers',
        answers(v.array(HotelCustomerView), { headers: { ...TOTAL_COUNT, ...NEXT_CURSOR } }),
        validate('query', HotelCustomersQuerySchema),
        async (c) => {
          const hotelId = ownHotelId(currentUser(c).hotelId);
          const { total, rows, nextCursor } = await listHotelCustomers(
            db,
            hotelId,
            c.req.valid('query'),
            config.timeZone,
          );
          c.header('X-Total-Count', String(total));
          if (nextCursor) c.header('X-Next-Cursor', nextCursor);
          c.header('Access-Control-Expose-Headers', 'X-Total-Count, X-Next-Cursor');
          return c.json(rows.map(presentHotelCustomer));
        },
      )
      // Where its guests scan (docs/PRODUCT.md "Guest trust"): its cards and old link by guests, then redemptions.
      .get(
        '/placement-ranking',
        answers(v.array(PlacementRankView)),
        validate('query', PlacementRankingQuerySchema),
        async (c) => {
          const hotelId = ownHotelId(currentUser(c).hotelId);
          const today = todayIn(config.timeZone);
          const { from = addDays(today, -29), to = today } = c.req.valid('query');
          const rows = await placementRanking(db, hotelId, { from, to }, today, config.timeZone);
          return c.json(rows.map(presentPlacementRank));
        },
      )
  );
}
