import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { listResource } from '../../lib/list-queries';

const merchantTypes = listResource('/merchant-types', {
  errorMessage: 'Failed to load merchant types',
});

export const merchantTypesQuery = merchantTypes.query;
export const useSaveMerchantType = merchantTypes.useSave;
export const useDeleteMerchantType = merchantTypes.useDelete;

/** Answers the stored `/uploads/merchant_types/<file>` path to save as thumbnail_url. */
export function useUploadThumbnail() {
  return useMutation({
    mutationFn: (file: File) => api.upload('/merchant-types/upload-thumbnail', file),
  });
}
