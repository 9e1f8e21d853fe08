import { createFileRoute } from '@tanstack/react-router';
import { ensureAll } from '../../lib/ensure-all';
import { locationsQuery } from '../../features/locations/api';
import { offersQuery } from '../../features/offers/api';
import { OffersPage } from '../../features/offers/OffersPage';

export const Route = createFileRoute('/superadmin/offers')({
  staticData: { title: 'All Offers' },
  loader: ensureAll(offersQuery(), locationsQuery),
  component: OffersPage,
});
