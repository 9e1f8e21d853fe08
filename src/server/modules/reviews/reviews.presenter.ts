import type { Presented } from '../../platform/lib/presented';
import type { RatingHistory } from './rating-history';
import type { RefreshResult, ReviewRow } from './reviews.service';

/**
 * GET /reviews/hotel-details row (docs/PRODUCT.md "API fields" Hotel review summary). total_reviews, current_rating,
 * reviews_today and last_refreshed are the hotel's state now; monthly_reviews, month_beginning_rating and rating_change
 * are for the chosen month. Null when the hotel was never fetched.
 */
export const presentReviewRow = (row: ReviewRow) => ({
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
export const presentRefresh = (result: RefreshResult) => ({
  total_reviews: result.totalReviews,
  rating: result.rating,
  fetched_at: result.fetchedAt.toISOString(),
});

/** GET /reviews/hotel-details/{hotelId}/ratings: the last 12 months, oldest first; each month's first and last snapshot. */
export const presentRatingHistory = (history: RatingHistory) => ({
  hotel_id: history.hotelId,
  hotel_name: history.hotelName,
  months: history.months.map((m) => ({
    /** 'YYYY-MM' */
    month: m.month,
    first_rating: m.firstRating,
    last_rating: m.lastRating,
    /** The review count of the month's last snapshot. */
    total_reviews: m.totalReviews,
  })),
});

export type HotelReviewSummaryView = Presented<typeof presentReviewRow>;
export type GoogleDataRefreshView = Presented<typeof presentRefresh>;
export type RatingHistoryView = Presented<typeof presentRatingHistory>;
