import { createFileRoute } from '@tanstack/react-router';
import { LocationsPage } from '../../features/locations/LocationsPage';
import { locationsQuery } from '../../features/locations/api';

export const Route = createFileRoute('/superadmin/locations')({
  staticData: { title: 'Manage Locations' },
  loader: ({ context }) => context.queryClient.ensureQueryData(locationsQuery),
  component: LocationsPage,
});
