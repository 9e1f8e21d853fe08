import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { merchantKeys, myOffersQuery } from './api';

/**
 * PUT /merchant/my-offers/{id}/pause: the merchant's one-tap pause (docs/PRODUCT.md "Offer rules"); the answer is
 * the offer as it now is, put in the list at once.
 */
export function usePauseMyOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ id, paused }: { id: string; paused: boolean }) =>
      api.put('/merchant/my-offers/:id/pause', { param: { id }, json: { paused } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(myOffersQuery.queryKey, (list) =>
        // The pause changes no result: the offer keeps the figures the list has.
        list?.map((offer) => (offer.id === saved.id ? { ...saved, results: offer.results } : offer)),
      );
      return queryClient.invalidateQueries({ queryKey: merchantKeys.offers });
    },
  });
}
