import { Hono } from 'hono';
import { HotelDetailsQuerySchema, HotelIdParamSchema } from '../../../shared/schemas/insight';
import type { AppDeps, AppEnv } from '../../context';
import { BACK_OFFICE, requireRole } from '../../middleware/require-role';
import { validate } from '../../middleware/validate';
import { presentRefresh, presentReviewRow } from './reviews.presenter';
import { hotelReviewDetails, refreshGoogleData } from './reviews.service';

/** Hotel Details (Google reviews tracking): every back-office role; hotels and merchants are refused (403). */
export function reviewRoutes({ db, config }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/hotel-details', requireRole(BACK_OFFICE), validate('query', HotelDetailsQuerySchema), async (c) =>
      c.json((await hotelReviewDetails(db, config.timeZone, c.req.valid('query'))).map(presentReviewRow)),
    )
    .post('/fetch-google-data/:hotelId', requireRole(BACK_OFFICE), validate('param', HotelIdParamSchema), async (c) =>
      c.json(presentRefresh(await refreshGoogleData({ db, config }, c.req.valid('param').hotelId))),
    );
}
