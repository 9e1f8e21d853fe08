import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessagingSettingsInput } from '../../../shared/schemas/messaging';
import { api } from '../../lib/api';

/**
 * Settings › Messaging (the super admin): the code budgets, the provider in use, codes sent today; the spend limits,
 * prices and switches with today's spend. The delivery figures are delivery-api.ts's.
 */
const fetchMessagingSettings = () => api.get('/settings/messaging');

export const messagingSettingsQuery = queryOptions({
  queryKey: ['settings', 'messaging'],
  queryFn: fetchMessagingSettings,
  meta: { errorMessage: 'Failed to load messaging settings' },
});

export type MessagingSettings = Awaited<ReturnType<typeof fetchMessagingSettings>>;

export function useSaveMessagingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MessagingSettingsInput) => api.put('/settings/messaging', { json: input }),
    onSuccess: (saved) => queryClient.setQueryData(messagingSettingsQuery.queryKey, saved),
  });
}
