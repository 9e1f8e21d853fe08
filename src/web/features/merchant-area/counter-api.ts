import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { merchantKeys } from './api';

/**
 * The counter after a redemption (docs/COUNTER.md): today's list, undo with a reason, the bill amount. The list is
 * persisted like the merchant's other reads, so it shows offline; writes need the network (networkMode 'always').
 */

export const counterTodayKey = [...merchantKeys.all, 'redemptions', 'today'] as const;

/** Today's redemptions at this merchant (the server's business day), newest first. */
export const counterTodayQuery = queryOptions({
  queryKey: counterTodayKey,
  queryFn: () => api.get('/merchant/redemptions'),
  meta: { persist: true, logMessage: 'Failed to load today at this counter' },
});

/** After a redemption, an undo or a bill amount: the list, the counts and My Customers all change. */
export function useRefreshCounter() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: counterTodayKey }),
      queryClient.invalidateQueries({ queryKey: merchantKeys.dashboard }),
      queryClient.invalidateQueries({ queryKey: merchantKeys.customers }),
    ]);
}

export function useUndoRedemption() {
  const refresh = useRefreshCounter();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ code, reason }: { code: string; reason: string }) =>
      api.post('/merchant/redemptions/:code/undo', { param: { code }, json: { reason } }),
    onSuccess: refresh,
  });
}

export function useSaveBillAmount() {
  const refresh = useRefreshCounter();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ code, amount }: { code: string; amount: number }) =>
      api.put('/merchant/redemptions/:code/bill', { param: { code }, json: { bill_amount: amount } }),
    onSuccess: refresh,
  });
}
