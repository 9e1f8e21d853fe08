import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** POST /customer-scans/erase {mobile_number}: the super admin erases one guest's data (docs/PRIVACY.md). */
export function useEraseGuest() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (mobile: string) => api.post('/customer-scans/erase', { json: { mobile_number: mobile } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['customer-scans', 'list'] }),
  });
}
