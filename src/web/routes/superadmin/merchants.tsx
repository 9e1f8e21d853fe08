import { createFileRoute } from '@tanstack/react-router';
import { ensureAll } from '../../lib/ensure-all';
import { locationsQuery } from '../../features/locations/api';
import { merchantTypesQuery } from '../../features/merchant-types/api';
import { merchantsQuery } from '../../features/merchants/api';
import { MerchantsPage } from '../../features/merchants/MerchantsPage';

export const Route = createFileRoute('/superadmin/merchants')({
  staticData: { title: 'Manage Merchants' },
  // The list and what the merchant dialog chooses from.
  loader: ensureAll(merchantsQuery(), locationsQuery, merchantTypesQuery),
  component: MerchantsPage,
});
