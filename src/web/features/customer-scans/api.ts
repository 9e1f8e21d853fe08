import { queryOptions } from '@tanstack/react-query';
import type { Hotel } from '../../../shared/api-types';
import { api } from '../../lib/api';
import { pagedListQuery } from '../../lib/list-queries';
import type { ScanFilters } from './search';

const LOAD_FAILED = { errorMessage: 'Failed to load data' };

export const SCAN_PAGE_SIZE = 50;

/**
 * GET /customer-scans, filtered and paged on the server; X-Total-Count is the filtered total. A refusal of the filters
 * (422, e.g. to narrow them) shows in the list's place.
 */
export const customerScansQuery = (filters: ScanFilters) =>
  pagedListQuery({
    queryKey: ['customer-scans', 'list', filters],
    path: '/customer-scans',
    filters,
    limit: SCAN_PAGE_SIZE,
    meta: LOAD_FAILED,
    refusable: true,
  });

/** Hotel and merchant choices of the filters (from GET /hotels, GET /merchants). */
export type FilterOption = Pick<Hotel, 'id' | 'name' | 'location_id'>;

export const hotelOptionsQuery = queryOptions({
  queryKey: ['customer-scans', 'hotel-options'],
  queryFn: () => api.get('/hotels'),
  meta: LOAD_FAILED,
});

export const merchantOptionsQuery = queryOptions({
  queryKey: ['customer-scans', 'merchant-options'],
  queryFn: () => api.get('/merchants'),
  meta: LOAD_FAILED,
});
