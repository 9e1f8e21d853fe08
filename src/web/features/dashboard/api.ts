import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** GET /dashboard/superadmin (docs/PRODUCT.md "Calls"). */
export const dashboardQuery = queryOptions({
  queryKey: ['dashboard', 'superadmin'],
  queryFn: () => api.get('/dashboard/superadmin'),
  meta: { errorMessage: 'Failed to load dashboard data' },
});

/** GET /dashboard/superadmin/charts: 30 days of scans and redemptions, 12 months of revenue (none for a manager). */
export const dashboardChartsQuery = queryOptions({
  queryKey: ['dashboard', 'superadmin', 'charts'],
  queryFn: () => api.get('/dashboard/superadmin/charts'),
  meta: { errorMessage: 'Failed to load dashboard data' },
});
