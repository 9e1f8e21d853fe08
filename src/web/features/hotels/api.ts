import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type * as v from 'valibot';
import type { HotelInputSchema, RenewalInputSchema } from '../../../shared/schemas/hotels';
import type {
  Hotel,
  HotelCredentials,
  PublicConfig,
  RenewalHistoryEntry,
  SubscriptionDuration,
} from '../../../shared/types';
import { api } from '../../lib/api';

/** What the Add/Edit Hotel form sends (POST and PUT /hotels; no username or password). */
export type HotelPayload = v.InferInput<typeof HotelInputSchema>;

/** What Renew sends (POST /hotels/{id}/renew). */
export type RenewalPayload = v.InferInput<typeof RenewalInputSchema>;

const HOTELS = ['hotels'] as const;

/**
 * GET /hotels[?location_id=]; sorted newest first here too (docs/PRODUCT.md "Calls": the client sorts by created_at).
 */
export const hotelsQuery = (locationId?: number) =>
  queryOptions({
    queryKey: [...HOTELS, 'list', locationId ?? 'all'],
    queryFn: async () => {
      const rows = await api.get<Hotel[]>('hotels', {
        searchParams: locationId ? { location_id: locationId } : undefined,
      });
      return [...rows].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
    },
    meta: { errorMessage: 'Failed to load hotel data' },
  });

export const subscriptionDurationsQuery = queryOptions({
  queryKey: ['subscription-durations'],
  queryFn: () => api.get<SubscriptionDuration[]>('subscription-durations'),
  staleTime: Infinity,
});

/** PUBLIC_URL when the server has one: the origin QR codes encode (else the page's origin). */
export const publicConfigQuery = queryOptions({
  queryKey: ['config'],
  queryFn: () => api.get<PublicConfig>('config'),
  staleTime: Infinity,
});

export const hotelCredentialsQuery = (hotelId: string) =>
  queryOptions({
    queryKey: [...HOTELS, hotelId, 'credentials'],
    queryFn: () => api.get<HotelCredentials>(`hotels/${hotelId}/credentials`),
    retry: false,
  });

export const renewalHistoryQuery = (hotelId: string) =>
  queryOptions({
    queryKey: [...HOTELS, hotelId, 'renewal-history'],
    queryFn: () => api.get<RenewalHistoryEntry[]>(`hotels/${hotelId}/renewal-history`),
    retry: false,
    staleTime: 0,
    meta: { errorMessage: 'Failed to fetch renewal history' },
  });

function useInvalidateHotels() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: HOTELS });
}

export function useCreateHotel() {
  const invalidate = useInvalidateHotels();
  return useMutation({
    mutationFn: (payload: HotelPayload) => api.post<Hotel>('hotels', payload),
    onSuccess: invalidate,
  });
}

/** POST /users/hotel with query parameters (docs/PRODUCT.md "Calls"), right after the hotel is created. */
export function useCreateHotelLogin() {
  const invalidate = useInvalidateHotels();
  return useMutation({
    mutationFn: ({ hotelId, username, password }: { hotelId: string; username: string; password: string }) =>
      api.post('users/hotel', undefined, { searchParams: { username, password, hotel_id: hotelId } }),
    onSuccess: invalidate,
  });
}

export function useUpdateHotel() {
  const invalidate = useInvalidateHotels();
  return useMutation({
    mutationFn: ({ id, payload }: { id: string; payload: HotelPayload }) => api.put<Hotel>(`hotels/${id}`, payload),
    onSuccess: invalidate,
  });
}

export function useRenewHotel() {
  const invalidate = useInvalidateHotels();
  return useMutation({
    mutationFn: ({ id, payload }: { id: string; payload: RenewalPayload }) =>
      api.post<Hotel>(`hotels/${id}/renew`, payload),
    onSuccess: invalidate,
  });
}

export function useDeleteHotel() {
  const invalidate = useInvalidateHotels();
  return useMutation({
    mutationFn: (id: string) => api.delete(`hotels/${id}`),
    onSuccess: invalidate,
  });
}

export type HotelUploadKind = 'logo' | 'contract' | 'qrcode';

/** POST /hotels/upload-logo | upload-contract (contracts and payment proofs) | upload-qrcode → {url}. */
export const uploadHotelFile = (kind: HotelUploadKind, file: File) =>
  api.upload<{ url: string }>(`hotels/upload-${kind}`, file);
