import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MerchantSettingsInput } from '../../../shared/schemas/merchants';
import type { OfferUpdateInput } from '../../../shared/schemas/offers';
import { api } from '../../lib/api';
import { merchantKeys } from './api';
import { counterTodayKey } from './counter-api';

/**
 * What a redemption may send again after an offer's rule answered (docs/COUNTER.md "Offer rules at the counter"):
 * the bill a minimum bill asks for, and the reason for redeeming anyway.
 */
export interface RedeemExtras {
  bill_amount?: number;
  override_reason?: string;
}

/**
 * POST /merchant/redeem-voucher. networkMode 'always': offline it fails at once instead of waiting to be sent
 * later (a redemption replayed minutes after the guest left would be wrong). A success refreshes the stats, the
 * customers list and Today at this counter.
 */
export function useRedeemVoucher() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ code, ...extras }: { code: string } & RedeemExtras) =>
      api.post('/merchant/redeem-voucher', { json: { voucher_code: code, ...extras } }),
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

/** PUT /merchant/settings: the merchant's frequency, sent every time (null clears it). */
export function useSaveMerchantSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (input: MerchantSettingsInput) => api.put('/merchant/settings', { json: input }),
    onSuccess: (saved) => queryClient.setQueryData(merchantKeys.settings, saved),
  });
}
