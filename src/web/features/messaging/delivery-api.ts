import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/**
 * Settings › Message delivery's figures (GET /settings/messaging/delivery, the server's default 14 days). Apart from
 * api.ts, which the settings route's loader takes into every page's first load: only the section loads this.
 */
const fetchDelivery = () => api.get('/settings/messaging/delivery');

export const messagingDeliveryQuery = queryOptions({
  queryKey: ['settings', 'messaging', 'delivery'],
  queryFn: fetchDelivery,
  meta: { errorMessage: 'Failed to load message delivery' },
});

export type MessagingDelivery = Awaited<ReturnType<typeof fetchDelivery>>;
