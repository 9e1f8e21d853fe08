import { Hono } from 'hono';
import { monthOf, todayIn } from '../../../shared/dates';
import { formatDateTime } from '../../../shared/format';
import { HotelDetailsQuerySchema, HotelIdParamSchema } from '../../../shared/schemas/reviews';
import type { AppDeps, AppEnv } from '../../platform/context';
import { csvResponse, type CsvColumn } from '../../platform/lib/csv';
import { requireRole } from '../../platform/middleware/require-role';
import { validate } from '../../platform/middleware/validate';
import { answers, answersCsv } from '../../platform/openapi/describe';
import { auditContext } from '../audit/audit-context';
import { recordAudit } from '../audit/audit.service';
import { ratingHistory } from './rating-history';
import { presentRatingHistory, RatingHistoryView } from './reviews.presenter';
import { hotelReviewDetails, type ReviewRow } from './reviews.service';

/** Ratings with one decimal and changes with two, rounded as the screen rounds them (formatRating, formatRatingChange). */
const rating = (value: number | null) => (value === null ? null : Number(value.toFixed(1)));
const change = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);

/**
 * Hotel Details' chart and export (every back-office role, as the screen): GET /reviews/hotel-details/{hotelId}/ratings
 * (the rating over the last 12 months) and GET /reviews/hotel-details/export (the table for the same filters as CSV).
 */
export function reviewInsightRoutes({ db, config }: AppDeps) {
  const tz = config.timeZone;
  const columns: CsvColumn<ReviewRow>[] = [
    { header: 'Hotel Name', cell: (r) => r.hotelName },
    { header: 'Location', cell: (r) => r.locationName },
    { header: 'Google Place ID', cell: (r) => r.googlePlaceId },
    { header: 'Total Reviews', cell: (r) => r.totalReviews },
    { header: 'Reviews Today', cell: (r) => r.reviewsToday },
    { header: 'Monthly Reviews', cell: (r) => r.monthlyReviews },
    { header: 'Current Rating', cell: (r) => rating(r.currentRating) },
    { header: 'Rating Change', cell: (r) => change(r.ratingChange) },
    { header: 'Month Start Rating', cell: (r) => rating(r.monthBeginningRating) },
    { header: 'Last Refreshed', cell: (r) => (r.lastRefreshed ? formatDateTime(r.lastRefreshed, tz) : null) },
  ];
  return new Hono<AppEnv>()
    .get(
      '/hotel-details/export',
      answersCsv(),
      requireRole('backOffice'),
      validate('query', HotelDetailsQuerySchema),
      async (c) => {
        const query = c.req.valid('query');
        const fileName = `hotel-details_${query.month ?? monthOf(todayIn(tz))}.csv`;
        const rows = await hotelReviewDetails(db, tz, query);
        await recordAudit(db, auditContext(c, config), {
          action: 'export.hotel_details',
          entity: 'export',
          after: { file: fileName, filters: query },
        });
        return csvResponse(c, fileName, columns, [rows]);
      },
    )
    .get(
      '/hotel-details/:hotelId/ratings',
      answers(RatingHistoryView),
      requireRole('backOffice'),
      validate('param', HotelIdParamSchema),
      async (c) => c.json(presentRatingHistory(await ratingHistory(db, tz, c.req.valid('param').hotelId))),
    );
}
