import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type * as v from 'valibot';
import { roomCardsFileName, type RoomCardLanguage, type RoomCardLayout } from '../../../../shared/schemas/hotel-area';
import type {
  HotelClaimSettingsSchema,
  PlacementCreateSchema,
  PlacementUpdateSchema,
} from '../../../../shared/schemas/placements';
import { api } from '../../../lib/api';
import { downloadFile } from '../../../lib/download';

/** A hotel's placements and claim settings (docs/PRODUCT.md "Guest trust"), for its QR dialog and its QR Cards page. */
const PLACEMENTS = (hotelId: string) => ['hotels', hotelId, 'placements'] as const;

export const placementsQuery = (hotelId: string) =>
  queryOptions({
    queryKey: [...PLACEMENTS(hotelId), 'list'],
    queryFn: () => api.get('/hotels/:id/placements', { param: { id: hotelId } }),
    meta: { errorMessage: 'Failed to load placements' },
  });

export const claimSettingsQuery = (hotelId: string) =>
  queryOptions({
    queryKey: [...PLACEMENTS(hotelId), 'claim-settings'],
    queryFn: () => api.get('/hotels/:id/claim-settings', { param: { id: hotelId } }),
    meta: { errorMessage: 'Failed to load the card settings' },
  });

function usePlacementMutation<T, R>(hotelId: string, call: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLACEMENTS(hotelId) }),
  });
}

export const useCreatePlacements = (hotelId: string) =>
  usePlacementMutation(hotelId, (json: v.InferInput<typeof PlacementCreateSchema>) =>
    api.post('/hotels/:id/placements', { param: { id: hotelId }, json }),
  );

export const useUpdatePlacement = (hotelId: string) =>
  usePlacementMutation(hotelId, ({ id, json }: { id: string; json: v.InferInput<typeof PlacementUpdateSchema> }) =>
    api.put('/hotels/:id/placements/:placementId', { param: { id: hotelId, placementId: id }, json }),
  );

export const useRotatePlacement = (hotelId: string) =>
  usePlacementMutation(hotelId, (id: string) =>
    api.post('/hotels/:id/placements/:placementId/rotate', { param: { id: hotelId, placementId: id } }),
  );

export const useSaveClaimSettings = (hotelId: string) =>
  usePlacementMutation(hotelId, (json: v.InferInput<typeof HotelClaimSettingsSchema>) =>
    api.put('/hotels/:id/claim-settings', { param: { id: hotelId }, json }),
  );

/** The room cards of a choice of placements (`ids` or a room range), or all of them with the old link's. */
export const downloadCards = (
  hotel: { id: string; name: string },
  layout: RoomCardLayout,
  lang: RoomCardLanguage,
  choice: { ids?: string[]; rooms?: string } = {},
) =>
  downloadFile(
    '/hotels/:id/room-cards.pdf',
    { param: { id: hotel.id }, query: { layout, lang, ids: choice.ids?.join(','), rooms: choice.rooms } },
    roomCardsFileName(hotel.name, layout),
  );
