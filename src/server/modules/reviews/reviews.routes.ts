import { Hono } from 'hono';
import * as v from 'valibot';
import { HotelDetailsQuerySchema, HotelIdParamSchema } from '../../../shared/schemas/reviews';
import type { AppDeps, AppEnv } from '../../platform/context';
import { requireRole } from '../../platform/middleware/require-role';
import { validate } from '../../platform/middleware/validate';
import { answers, answersEmpty } from '../../platform/openapi/describe';
import { sendKeptAnswer } from '../../platform/lib/kept-answer';
import { hotelDetailsAnswers } from './hotel-details-answer';
import { reviewInsightRoutes } from './reviews.insight-routes';
import { GoogleDataRefreshView, HotelReviewSummaryView, presentRefresh } from './reviews.presenter';
import { refreshGoogleData } from './reviews.service';

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
      answersEmpty(304, 'The copy named by If-None-Match is current'),
      requireRole('backOffice'),
      validate('query', HotelDetailsQuerySchema),
      // Made once per version of what it shows (hotel-details-answer.ts): a browser revalidates its copy (no-cache)
      // and gets 304 while it is current. Private: only a signed-in back office may have it.
      async (c) => {
        const answer = await hotelDetailsAnswers(db, config.timeZone).answer(c.req.valid('query'));
        return sendKeptAnswer<HotelReviewSummaryView[]>(c, answer);
      },
    )
    .post(
      '/fetch-google-data/:hotelId',
      answers(GoogleDataRefreshView),
      requireRole('backOffice'),
      validate('param', HotelIdParamSchema),
      async (c) => c.json(presentRefresh(await refreshGoogleData({ db, config }, c.req.valid('param').hotelId))),
    );
}
