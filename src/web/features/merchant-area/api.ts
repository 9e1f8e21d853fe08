import { queryOptions } from '@tanstack/react-query';
import type * as v from 'valibot';
import type { MyCustomersQuerySchema } from '../../../shared/schemas/merchant-area';
import { api } from '../../lib/api';

/**
 * The merchant's calls (docs/PRODUCT.md "Calls"). Every read is persisted on the device (meta.persist), so the
 * home-screen app shows its last data at once on launch and offline (docs/PRODUCT.md "Offline and install"); logout
 * clears it. Only query options live here (the route loaders use them, so they are in the app's entry); writes are in
 * mutations.ts, loaded with the screens.
 */

export const merchantKeys = {
  all: ['merchant'] as const,
  dashboard: ['merchant', 'dashboard'] as const,
  offers: ['merchant', 'my-offers'] as const,
  customers: ['merchant', 'my-customers'] as const,
  settings: ['merchant', 'settings'] as const,
};

export const merchantDashboardQuery = queryOptions({
  queryKey: merchantKeys.dashboard,
  queryFn: () => api.get('/merchant/dashboard'),
  meta: { persist: true, logMessage: 'Failed to load merchant dashboard' },
});

export const myOffersQuery = queryOptions({
  queryKey: merchantKeys.offers,
  queryFn: () => api.get('/merchant/my-offers'),
  // The vouchers left move as guests collect them: read again on every visit (the saved list shows meanwhile).
  refetchOnMount: 'always',
  meta: { persist: true, logMessage: 'Failed to load offers' },
});

/** The merchant's own frequency across all its offers (docs/PRODUCT.md "Offer rules"). */
export const merchantSettingsQuery = queryOptions({
  queryKey: merchantKeys.settings,
  queryFn: () => api.get('/merchant/settings'),
  meta: { persist: true, logMessage: 'Failed to load settings' },
});

/** The redemption dates as the date inputs hold them ('' when unset): GET /merchant/my-customers?from=&to=. */
export type CustomerFilter = Required<Pick<v.InferInput<typeof MyCustomersQuerySchema>, 'from' | 'to'>>;

/** The latest customers (the server's default page, 200) and how many there are in all for the filter. */
export const myCustomersQuery = (filter: CustomerFilter) =>
  queryOptions({
    queryKey: [...merchantKeys.customers, filter],
    queryFn: () => {
      // Unset dates ('') are left out.
      return api.getPage('/merchant/my-customers', {
        query: { from: filter.from || undefined, to: filter.to || undefined },
      });
    },
    meta: { persist: true, logMessage: 'Failed to load customers' },
  });
