import { createFileRoute } from '@tanstack/react-router';
import { ensureAll } from '../../lib/ensure-all';
import { LocationsPage } from '../../features/locations/LocationsPage';
import { locationsQuery } from '../../features/locations/api';

export const Route = createFileRoute('/superadmin/locations')({
  staticData: { title: 'Manage Locations' },
  loader: ensureAll(locationsQuery),
  component: LocationsPage,
});
