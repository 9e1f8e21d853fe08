import { queryOptions } from '@tanstack/react-query';
import type * as v from 'valibot';
import { roomCardsFileName, type RoomCardLanguage, type RoomCardLayout } from '../../../shared/schemas/hotel-area';
import type { HotelInputSchema, RenewalInputSchema } from '../../../shared/schemas/hotels';
import { api } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { useListMutation } from '../../lib/list-queries';

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
      const rows = await api.get('/hotels', { query: { location_id: locationId || undefined } });
      return [...rows].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
    },
    meta: { errorMessage: 'Failed to load hotel data' },
  });

export const subscriptionDurationsQuery = queryOptions({
  queryKey: ['subscription-durations'],
  queryFn: () => api.get('/subscription-durations'),
  staleTime: Infinity,
});

/** PUBLIC_URL when the server has one: the origin QR codes encode (else the page's origin). */
export const publicConfigQuery = queryOptions({
  queryKey: ['config'],
  queryFn: () => api.get('/config'),
  staleTime: Infinity,
});

export const hotelCredentialsQuery = (hotelId: string) =>
  queryOptions({
    queryKey: [...HOTELS, hotelId, 'credentials'],
    queryFn: () => api.get('/hotels/:id/credentials', { param: { id: hotelId } }),
    retry: false,
  });

export const renewalHistoryQuery = (hotelId: string) =>
  queryOptions({
    queryKey: [...HOTELS, hotelId, 'renewal-history'],
    queryFn: () => api.get('/hotels/:id/renewal-history', { param: { id: hotelId } }),
    retry: false,
    staleTime: 0,
    meta: { errorMessage: 'Failed to fetch renewal history' },
  });

export const useCreateHotel = () =>
  useListMutation((payload: HotelPayload) => api.post('/hotels', { json: payload }), HOTELS);

/** POST /users/hotel with query parameters (docs/PRODUCT.md "Calls"), right after the hotel is created. */
export const useCreateHotelLogin = () =>
  useListMutation(
    ({ hotelId, username, password }: { hotelId: string; username: string; password: string }) =>
      api.post('/users/hotel', { query: { username, password, hotel_id: hotelId } }),
    HOTELS,
  );

export const useUpdateHotel = () =>
  useListMutation(
    ({ id, payload }: { id: string; payload: HotelPayload }) =>
      api.put('/hotels/:id', { param: { id }, json: payload }),
    HOTELS,
  );

export const useRenewHotel = () =>
  useListMutation(
    ({ id, payload }: { id: string; payload: RenewalPayload }) =>
      api.post('/hotels/:id/renew', { param: { id }, json: payload }),
    HOTELS,
  );

export const useDeleteHotel = () =>
  useListMutation((id: string) => api.delete('/hotels/:id', { param: { id } }), HOTELS);

export type HotelUploadKind = 'logo' | 'contract' | 'qrcode';

/** POST /hotels/upload-logo | upload-contract (contracts and payment proofs) | upload-qrcode → {url}. */
export const uploadHotelFile = (kind: HotelUploadKind, file: File) => api.upload(`/hotels/upload-${kind}`, file);

/** Saves a hotel's room cards (GET /hotels/{id}/room-cards.pdf with the login's token) under the server's name. */
export const downloadRoomCards = (
  hotel: { id: string; name: string },
  layout: RoomCardLayout,
  lang: RoomCardLanguage,
) =>
  downloadFile(
    '/hotels/:id/room-cards.pdf',
    { param: { id: hotel.id }, query: { layout, lang } },
    roomCardsFileName(hotel.name, layout),
  );
