import { Hono } from 'hono';
import * as v from 'valibot';
import { HotelDetailsQuerySchema, HotelIdParamSchema } from '../../../shared/schemas/reviews';
import type { AppDeps, AppEnv } from '../../platform/context';
import { requireRole } from '../../platform/middleware/require-role';
import { validate } from '../../platform/middleware/validate';
import { answers } from '../../platform/openapi/describe';
import { reviewInsightRoutes } from './reviews.insight-routes';
import { GoogleDataRefreshView, HotelReviewSummaryView, presentRefresh, presentReviewRow } from './reviews.presenter';
import { hotelReviewDetails, refreshGoogleData } from './reviews.service';

/** /api/reviews: the one router of the prefix, Hotel Details with its refresh, and its export and rating history. */
export function reviewRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().route('/', hotelDetailsRoutes(deps)).route('/', reviewInsightRoutes(deps));
}

/** Hotel Details (Google reviews tracking): every back-office role; hotels and merchants are refused (403). */
function hotelDetailsRoutes({ db, config }: AppDeps) {
  return new Hono<AppEnv>()
    .get(
      '/hotel-details',
      answers(v.array(HotelReviewSummaryView)),
      requireRole('backOffice'),
      validate('query', HotelDetailsQuerySchema),
      async (c) => c.json((await hotelReviewDetails(db, config.timeZone, c.req.valid('query'))).map(presentReviewRow)),
    )
    .post(
      '/fetch-google-data/:hotelId',
      answers(GoogleDataRefreshView),
      requireRole('backOffice'),
      validate('param', HotelIdParamSchema),
      async (c) => c.json(presentRefresh(await refreshGoogleData({ db, config }, c.req.valid('param').hotelId))),
    );
}
