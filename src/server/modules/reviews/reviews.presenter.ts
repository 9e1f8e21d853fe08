import type { GoogleDataRefresh, HotelReviewSummary } from '../../../shared/types';
import type { RefreshResult, ReviewRow } from './reviews.service';

export const presentReviewRow = (row: ReviewRow): HotelReviewSummary => ({
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

export const presentRefresh = (result: RefreshResult): GoogleDataRefresh => ({
  total_reviews: result.totalReviews,
  rating: result.rating,
  fetched_at: result.fetchedAt.toISOString(),
});
