import { createFileRoute } from '@tanstack/react-router';
import { locationsQuery } from '../../features/locations/api';
import { offersQuery } from '../../features/offers/api';
import { OffersPage } from '../../features/offers/OffersPage';

export const Route = createFileRoute('/superadmin/offers')({
  staticData: { title: 'All Offers' },
  loader: ({ context: { queryClient } }) =>
    Promise.all([queryClient.ensureQueryData(offersQuery()), queryClient.ensureQueryData(locationsQuery)]),
  component: OffersPage,
});
