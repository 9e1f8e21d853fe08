import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { GoogleDataRefresh, HotelReviewSummary } from '../../../shared/types';
import { api } from '../../lib/api';

export interface ReviewFilters {
  month: string;
  location_id?: number;
  search?: string;
}

/** GET /reviews/hotel-details?month=&location_id=&search= (location omitted for all). */
export const hotelDetailsQuery = (filters: ReviewFilters) =>
  queryOptions({
    queryKey: ['reviews', 'hotel-details', filters],
    queryFn: () => {
      const searchParams: Record<string, string | number> = { month: filters.month };
      if (filters.location_id) searchParams.location_id = filters.location_id;
      if (filters.search) searchParams.search = filters.search;
      return api.get<HotelReviewSummary[]>('reviews/hotel-details', { searchParams });
    },
    placeholderData: keepPreviousData,
  });

/** POST /reviews/fetch-google-data/{hotelId}; the list reloads after. */
export function useRefreshGoogleData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hotelId: string) => api.post<GoogleDataRefresh>(`reviews/fetch-google-data/${hotelId}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['reviews', 'hotel-details'] }),
  });
}
