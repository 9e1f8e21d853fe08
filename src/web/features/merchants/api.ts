import { queryOptions, useMutation } from '@tanstack/react-query';
import type { MerchantInput, MerchantLoginInput } from '../../../shared/schemas/merchants';
import { api } from '../../lib/api';
import { saveRecord, useListMutation } from '../../lib/list-queries';

/** GET /merchants, all locations or one (the list's location filter). */
export const merchantsQuery = (locationId?: number) =>
  queryOptions({
    queryKey: ['merchants', { locationId: locationId ?? null }],
    queryFn: () => api.get('/merchants', { query: { location_id: locationId || undefined } }),
    meta: { errorMessage: 'Failed to load data' },
  });

/** Merchant names and counts show in the offers list too. */
const CATALOGUE = [['merchants'], ['offers']];

export const useSaveMerchant = () =>
  useListMutation(
    ({ id, ...input }: MerchantInput & { id?: string }) => saveRecord('/merchants', id, input),
    ...CATALOGUE,
  );

/**
 * POST /users/merchant?username=&password=&merchant_id= (docs/PRODUCT.md "Calls": query parameters), after the merchant
 * is created.
 */
export function useCreateMerchantLogin() {
  return useMutation({
    mutationFn: (login: MerchantLoginInput) => api.post('/users/merchant', { query: login }),
  });
}

/** Answers whether the merchant was archived (guests hold its vouchers) rather than removed. */
export const useDeleteMerchant = () =>
  useListMutation((id: string) => api.delete('/merchants/:id', { param: { id } }), ...CATALOGUE);

/** GET /merchants/{id}/sessions: the signed-in devices of the merchant's logins (docs/SECURITY.md "Sessions"). */
export const merchantDevicesQuery = (merchantId: string) =>
  queryOptions({
    queryKey: ['merchants', merchantId, 'sessions'],
    queryFn: () => api.get('/merchants/:id/sessions', { param: { id: merchantId } }),
    meta: { errorMessage: 'Failed to load devices' },
  });

/** DELETE /merchants/{id}/sessions/{sessionId}: signs one device out (superadmin and admin). */
export const useEndMerchantDevice = (merchantId: string) =>
  useListMutation(
    (sessionId: string) => api.delete('/merchants/:id/sessions/:sessionId', { param: { id: merchantId, sessionId } }),
    ['merchants', merchantId, 'sessions'],
  );
