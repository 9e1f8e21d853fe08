import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfferCreateInput, OfferUpdateInput } from '../../../shared/schemas/offers';
import type { Offer, OfferToggleResult } from '../../../shared/types';
import { api } from '../../lib/api';

/** GET /offers (back office: every offer that is not archived), all locations or one. */
export const offersQuery = (locationId?: number) =>
  queryOptions({
    queryKey: ['offers', { locationId: locationId ?? null }],
    queryFn: () => api.get<Offer[]>('offers', locationId ? { searchParams: { location_id: locationId } } : undefined),
    meta: { errorMessage: 'Failed to load offers' },
  });

/** A new offer changes the merchants' offer counts as well as the offers list. */
function useInvalidateOffers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['offers'] }),
      queryClient.invalidateQueries({ queryKey: ['merchants'] }),
    ]);
}

export function useCreateOffer() {
  const invalidate = useInvalidateOffers();
  return useMutation({
    mutationFn: (input: OfferCreateInput) => api.post<Offer>('offers', input),
    onSuccess: invalidate,
  });
}

export function useUpdateOffer() {
  const invalidate = useInvalidateOffers();
  return useMutation({
    mutationFn: ({ id, ...input }: OfferUpdateInput & { id: string }) => api.put<Offer>(`offers/${id}`, input),
    onSuccess: invalidate,
  });
}

/** PATCH /offers/{id}/toggle-active: answers the message to show; the list reloads (docs/PRODUCT.md "States"). */
export function useToggleOffer() {
  const invalidate = useInvalidateOffers();
  return useMutation({
    mutationFn: (id: string) => api.patch<OfferToggleResult>(`offers/${id}/toggle-active`),
    onSuccess: invalidate,
  });
}
