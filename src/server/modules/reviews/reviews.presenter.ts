import * as v from 'valibot';
import { int, isoDateTime, isoMonth, named, uuid } from '../../platform/openapi/shapes';
import type { RatingHistory } from './rating-history';
import type { RefreshResult, ReviewRow } from './reviews.service';

/**
 * GET /reviews/hotel-details row (docs/PRODUCT.md "API fields" Hotel review summary). total_reviews, current_rating,
 * reviews_today and last_refreshed are the hotel's state now; monthly_reviews, month_beginning_rating and rating_change
 * are for the chosen month. Null when the hotel was never fetched.
 */
export const HotelReviewSummaryView = named(
  'HotelReviewSummary',
  v.strictObject({
    hotel_id: uuid,
    hotel_name: v.string(),
    google_place_id: v.nullable(v.string()),
    location_id: int,
    location_name: v.string(),
    total_reviews: v.nullable(int),
    reviews_today: v.nullable(int),
    monthly_reviews: v.nullable(int),
    current_rating: v.nullable(v.number()),
    rating_change: v.nullable(v.number()),
    month_beginning_rating: v.nullable(v.number()),
    last_refreshed: v.nullable(isoDateTime),
  }),
);
export type HotelReviewSummaryView = v.InferOutput<typeof HotelReviewSummaryView>;

export const presentReviewRow = (row: ReviewRow): HotelReviewSummaryView => ({
  hotel_id: row.hotelId,
  hotel_name: row.hotelName,
  google_place_id: row.googlePlaceId,
  location_id: row.locationId,
  location_name: row.locationName,
  total_reviews: row.totalReviews,
  reviews_today: row.reviewsToday,
  monthly_reviews: row.monthlyReviews,
  current_rating: row.currentRating,
  rating_change: row.ratingChange,
  month_beginning_rating: row.monthBeginningRating,
  last_refreshed: row.lastRefreshed,
});

/** POST /reviews/fetch-google-data/{hotelId} */
export const GoogleDataRefreshView = named(
  'GoogleDataRefresh',
  v.strictObject({ total_reviews: int, rating: v.nullable(v.number()), fetched_at: isoDateTime }),
);
export type GoogleDataRefreshView = v.InferOutput<typeof GoogleDataRefreshView>;

export const presentRefresh = (result: RefreshResult): GoogleDataRefreshView => ({
  total_reviews: result.totalReviews,
  rating: result.rating,
  fetched_at: result.fetchedAt.toISOString(),
});

/** GET /reviews/hotel-details/{hotelId}/ratings: the last 12 months, oldest first; each month's first and last snapshot. */
export const RatingHistoryView = named(
  'HotelRatingHistory',
  v.strictObject({
    hotel_id: uuid,
    hotel_name: v.string(),
    months: v.array(
      v.strictObject({
        /** 'YYYY-MM' */
        month: isoMonth,
        first_rating: v.nullable(v.number()),
        last_rating: v.nullable(v.number()),
        /** The review count of the month's last snapshot. */
        total_reviews: v.nullable(int),
      }),
    ),
  }),
);
export type RatingHistoryView = v.InferOutput<typeof RatingHistoryView>;

export const presentRatingHistory = (history: RatingHistory): RatingHistoryView => ({
  hotel_id: history.hotelId,
  hotel_name: history.hotelName,
  months: history.months.map((m) => ({
    month: m.month,
    first_rating: m.firstRating,
    last_rating: m.lastRating,
    total_reviews: m.totalReviews,
  })),
});
