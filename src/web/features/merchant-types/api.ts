import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MerchantTypeInput } from '../../../shared/schemas/settings';
import type { MerchantType } from '../../../shared/types';
import { api } from '../../lib/api';

export const merchantTypesQuery = queryOptions({
  queryKey: ['merchant-types'],
  queryFn: () => api.get<MerchantType[]>('merchant-types'),
  meta: { errorMessage: 'Failed to load merchant types' },
});

export function useSaveMerchantType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: MerchantTypeInput & { id?: number }) =>
      id ? api.put<MerchantType>(`merchant-types/${id}`, input) : api.post<MerchantType>('merchant-types', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: merchantTypesQuery.queryKey }),
  });
}

export function useDeleteMerchantType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`merchant-types/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: merchantTypesQuery.queryKey }),
  });
}

/** Answers the stored `/uploads/merchant_types/<file>` path to save as thumbnail_url. */
export function useUploadThumbnail() {
  return useMutation({
    mutationFn: (file: File) => api.upload<{ url: string }>('merchant-types/upload-thumbnail', file),
  });
}
