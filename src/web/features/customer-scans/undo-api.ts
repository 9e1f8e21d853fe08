import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** POST /coupons/{code}/undo {reason}: the super admin undoes a redemption (docs/COUNTER.md); the list refreshes. */
export function useAdminUndoRedemption() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ code, reason }: { code: string; reason: string }) =>
      api.post('/coupons/:code/undo', { param: { code }, json: { reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['customer-scans', 'list'] }),
  });
}
