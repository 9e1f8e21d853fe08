import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfferUpdateInput } from '../../../shared/schemas/offers';
import { api } from '../../lib/api';
import { merchantKeys } from './api';
import { counterTodayKey } from './counter-api';

/**
 * POST /merchant/redeem-voucher. networkMode 'always': offline it fails at once instead of waiting to be sent
 * later (a redemption replayed minutes after the guest left would be wrong). A success refreshes the stats, the
 * customers list and Today at this counter.
 */
export function useRedeemVoucher() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (voucherCode: string) => api.post('/merchant/redeem-voucher', { json: { voucher_code: voucherCode } }),
    onSuccess: (result) => {
      if (result.status !== 'success') return;
      void queryClient.invalidateQueries({ queryKey: merchantKeys.dashboard });
      void queryClient.invalidateQueries({ queryKey: merchantKeys.customers });
      void queryClient.invalidateQueries({ queryKey: counterTodayKey });
    },
  });
}

/** Add New Offer / Edit Offer on My Offers: the server always files the offer under the signed-in merchant. */
export function useSaveMyOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ id, ...input }: OfferUpdateInput & { id?: string }) =>
      id
        ? api.put('/merchant/my-offers/:id', { param: { id }, json: input })
        : api.post('/merchant/my-offers', { json: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: merchantKeys.offers }),
  });
}
