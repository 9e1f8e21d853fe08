import { Hono } from 'hono';
import * as v from 'valibot';
import { HotelCustomersQuerySchema } from '../../../shared/schemas/hotel-area';
import type { AppDeps, AppEnv } from '../../platform/context';
import { currentUser, requireRole } from '../../platform/middleware/require-role';
import { validate } from '../../platform/middleware/validate';
import { answers } from '../../platform/openapi/describe';
import { NEXT_CURSOR, TOTAL_COUNT } from '../../platform/openapi/shapes';
import { hotelExportAreaRoutes } from './hotel-area.export';
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
  return new Hono<AppEnv>().route('/', ownHotelRoutes(deps)).route('/', hotelExportAreaRoutes(deps));
}

function ownHotelRoutes({ db, config }: AppDeps) {
  return new Hono<AppEnv>()
    .use('*', requireRole('hotelArea'))
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
    );
}
