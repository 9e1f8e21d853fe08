import { queryOptions } from '@tanstack/react-query';
import type { SuperadminDashboard } from '../../../shared/types';
import { api } from '../../lib/api';

/** GET /dashboard/superadmin (docs/PRODUCT.md "Calls"). */
export const dashboardQuery = queryOptions({
  queryKey: ['dashboard', 'superadmin'],
  queryFn: () => api.get<SuperadminDashboard>('dashboard/superadmin'),
  meta: { errorMessage: 'Failed to load dashboard data' },
});
