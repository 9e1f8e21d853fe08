import { createFileRoute } from '@tanstack/react-router';
import { ensureAll } from '../../lib/ensure-all';
import { HotelsPage } from '../../features/hotels/HotelsPage';
import { hotelsQuery, publicConfigQuery, subscriptionDurationsQuery } from '../../features/hotels/api';
import { locationsQuery } from '../../features/locations/api';
import { merchantTypesQuery } from '../../features/merchant-types/api';

export const Route = createFileRoute('/superadmin/hotels')({
  staticData: { title: 'Manage Hotels' },
  // The list and what its dialogs show and choose from (locations, durations, merchant types, the QR origin).
  loader: ensureAll(hotelsQuery(), locationsQuery, subscriptionDurationsQuery, merchantTypesQuery, publicConfigQuery),
  component: HotelsPage,
});
