import { createFileRoute } from '@tanstack/react-router';
import { HotelsPage } from '../../features/hotels/HotelsPage';
import { hotelsQuery, subscriptionDurationsQuery } from '../../features/hotels/api';
import { locationsQuery } from '../../features/locations/api';

export const Route = createFileRoute('/superadmin/hotels')({
  staticData: { title: 'Manage Hotels' },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(hotelsQuery());
    void context.queryClient.prefetchQuery(locationsQuery);
    void context.queryClient.prefetchQuery(subscriptionDurationsQuery);
  },
  component: HotelsPage,
});
