import { queryOptions, useMutation } from '@tanstack/react-query';
import type { MerchantTypeInput } from '../../../shared/schemas/settings';
import type { MerchantType } from '../../../shared/types';
import { api } from '../../lib/api';
import { saveRecord, useListMutation } from '../../lib/list-queries';

export const merchantTypesQuery = queryOptions({
  queryKey: ['merchant-types'],
  queryFn: () => api.get<MerchantType[]>('merchant-types'),
  meta: { errorMessage: 'Failed to load merchant types' },
});

export const useSaveMerchantType = () =>
  useListMutation(
    ({ id, ...input }: MerchantTypeInput & { id?: number }) => saveRecord<MerchantType>('merchant-types', id, input),
    merchantTypesQuery.queryKey,
  );

export const useDeleteMerchantType = () =>
  useListMutation((id: number) => api.delete(`merchant-types/${id}`), merchantTypesQuery.queryKey);

/** Answers the stored `/uploads/merchant_types/<file>` path to save as thumbnail_url. */
export function useUploadThumbnail() {
  return useMutation({
    mutationFn: (file: File) => api.upload<{ url: string }>('merchant-types/upload-thumbnail', file),
  });
}
