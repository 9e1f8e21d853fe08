import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { monthOf, todayIn } from '../../../shared/dates';
import type { HotelDetailsQuery } from '../../../shared/schemas/reviews';
import { api } from '../../lib/api';

/** The Hotel Details filters: the query parameters of GET /reviews/hotel-details. */
export type ReviewFilters = HotelDetailsQuery;

/** The screen opens on this month, in the viewer's time zone. */
export const currentMonth = () => monthOf(todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone));

/** GET /reviews/hotel-details?month=&location_id=&search= (location omitted for all). */
export const hotelDetailsQuery = (filters: ReviewFilters) =>
  queryOptions({
    queryKey: ['reviews', 'hotel-details', filters],
    queryFn: () => {
      const { month, location_id, search } = filters;
      // Empty filters are left out.
      const query = { month: month || undefined, location_id: location_id || undefined, search: search || undefined };
      return api.get('/reviews/hotel-details', { query });
    },
    meta: { errorMessage: 'Failed to load hotel details', forbiddenMessage: 'Please log in to access hotel details' },
  });

/** POST /reviews/fetch-google-data/{hotelId}; the list reloads after. */
export function useRefreshGoogleData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hotelId: string) => api.post('/reviews/fetch-google-data/:hotelId', { param: { hotelId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['reviews', 'hotel-details'] }),
  });
}

/** GET /reviews/hotel-details/{hotelId}/ratings: the hotel's rating over the last 12 months (its chart). */
export const hotelRatingHistoryQuery = (hotelId: string) =>
  queryOptions({
    queryKey: ['reviews', 'rating-history', hotelId],
    queryFn: () => api.get('/reviews/hotel-details/:hotelId/ratings', { param: { hotelId } }),
  });
