import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MerchantInput, MerchantLoginInput } from '../../../shared/schemas/merchants';
import type { Merchant } from '../../../shared/types';
import { api } from '../../lib/api';

/** GET /merchants, all locations or one (the list's location filter). */
export const merchantsQuery = (locationId?: number) =>
  queryOptions({
    queryKey: ['merchants', { locationId: locationId ?? null }],
    queryFn: () =>
      api.get<Merchant[]>('merchants', locationId ? { searchParams: { location_id: locationId } } : undefined),
    meta: { errorMessage: 'Failed to load data' },
  });

/** Merchant names and counts show in the offers list too. */
function useInvalidateCatalogue() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['merchants'] }),
      queryClient.invalidateQueries({ queryKey: ['offers'] }),
    ]);
}

export function useSaveMerchant() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: ({ id, ...input }: MerchantInput & { id?: string }) =>
      id ? api.put<Merchant>(`merchants/${id}`, input) : api.post<Merchant>('merchants', input),
    onSuccess: invalidate,
  });
}

/**
 * POST /users/merchant?username=&password=&merchant_id= (docs/PRODUCT.md "Calls": query parameters), after the merchant
 * is created.
 */
export function useCreateMerchantLogin() {
  return useMutation({
    mutationFn: (login: MerchantLoginInput) =>
      api.post<{ id: string; username: string }>('users/merchant', undefined, { searchParams: { ...login } }),
  });
}

export function useDeleteMerchant() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ detail: string; archived: boolean }>(`merchants/${id}`),
    onSuccess: invalidate,
  });
}

/** POST /merchants/upload-image: one image, answers the stored `/uploads/merchants/<file>` path. */
export const uploadMerchantImage = (file: File) => api.upload<{ url: string }>('merchants/upload-image', file);
