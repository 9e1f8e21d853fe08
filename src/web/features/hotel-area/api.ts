import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { pagedListQuery } from '../../lib/list-queries';
import type { HotelCustomerFilters } from './search';

/** GET /hotel/dashboard: the signed-in hotel's figures (the server picks the hotel from the login). */
export const hotelDashboardQuery = queryOptions({
  queryKey: ['hotel-area', 'dashboard'],
  queryFn: () => api.get('/hotel/dashboard'),
  meta: { errorMessage: 'Failed to load dashboard data' },
});

export const CUSTOMERS_PAGE_SIZE = 50;

/** GET /hotel/customers, newest first, paged by cursor. */
export const hotelCustomersQuery = (filters: HotelCustomerFilters) =>
  pagedListQuery({
    queryKey: ['hotel-area', 'customers', filters],
    path: '/hotel/customers',
    filters: { from: filters.from, to: filters.to },
    limit: CUSTOMERS_PAGE_SIZE,
    meta: { errorMessage: 'Failed to load data' },
  });
