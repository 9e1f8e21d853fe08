import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessagingSettingsInput } from '../../../shared/schemas/messaging';
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

/**
 * The server's default days (DELIVERY_DAYS_DEFAULT, 14). Nothing here imports schemas/messaging.ts: the settings
 * route's loader takes this file into the first load, which would then carry that module for every page.
 */
const fetchDelivery = () => api.get('/settings/messaging/delivery');

export const messagingDeliveryQuery = queryOptions({
  queryKey: ['settings', 'messaging', 'delivery'],
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
