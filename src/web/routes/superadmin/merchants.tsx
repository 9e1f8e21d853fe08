import { createFileRoute } from '@tanstack/react-router';
import { locationsQuery } from '../../features/locations/api';
import { merchantTypesQuery } from '../../features/merchant-types/api';
import { merchantsQuery } from '../../features/merchants/api';
import { MerchantsPage } from '../../features/merchants/MerchantsPage';

export const Route = createFileRoute('/superadmin/merchants')({
  staticData: { title: 'Manage Merchants' },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(merchantsQuery());
    void context.queryClient.prefetchQuery(locationsQuery);
    void context.queryClient.prefetchQuery(merchantTypesQuery);
  },
  component: MerchantsPage,
});
