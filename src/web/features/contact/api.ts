import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactInfoInput } from '../../../shared/schemas/settings';
import { api } from '../../lib/api';

/** The contact details (null until a super admin saves them). Persisted, so the merchant app shows them offline. */
export const contactInfoQuery = queryOptions({
  queryKey: ['contact-us'],
  queryFn: () => api.get('/contact-us'),
  meta: { persist: true, logMessage: 'Failed to load contact information' },
});

export function useSaveContactInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ContactInfoInput) => api.post('/contact-us', { json: input }),
    onSuccess: (saved) => queryClient.setQueryData(contactInfoQuery.queryKey, saved),
  });
}
