import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { DELIVERY_DAYS_DEFAULT } from '../../../shared/schemas/messaging';
import type { MessagingSettingsInput } from '../../../shared/schemas/verification';
import { api } from '../../lib/api';

/**
 * Settings › Messaging (the super admin): the code budgets, the provider in use, codes sent today; the spend limits,
 * prices and switches with today's spend; and the delivery figures of the last days.
 */
const fetchMessagingSettings = () => api.get('/settings/messaging');

export const messagingSettingsQuery = queryOptions({
  queryKey: ['settings', 'messaging'],
  queryFn: fetchMessagingSettings,
  meta: { errorMessage: 'Failed to load messaging settings' },
});

export type MessagingSettings = Awaited<ReturnType<typeof fetchMessagingSettings>>;

const fetchDelivery = () => api.get('/settings/messaging/delivery', { query: { days: String(DELIVERY_DAYS_DEFAULT) } });

export const messagingDeliveryQuery = queryOptions({
  queryKey: ['settings', 'messaging', 'delivery', DELIVERY_DAYS_DEFAULT],
  queryFn: fetchDelivery,
  meta: { errorMessage: 'Failed to load message delivery' },
});

export type MessagingDelivery = Awaited<ReturnType<typeof fetchDelivery>>;

export function useSaveMessagingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MessagingSettingsInput) => api.put('/settings/messaging', { json: input }),
    onSuccess: (saved) => queryClient.setQueryData(messagingSettingsQuery.queryKey, saved),
  });
}
