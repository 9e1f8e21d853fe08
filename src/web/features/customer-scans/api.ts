import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CustomerScanListItem } from '../../../shared/types';
import { api } from '../../lib/api';

/** The Customer Scans filters, as in the URL and the query parameters of GET /customer-scans. */
export interface ScanFilters {
  search?: string;
  date_from?: string;
  date_to?: string;
  location_id?: number;
  hotel_id?: string;
  merchant_id?: string;
}

export const SCAN_PAGE_SIZE = 50;

/**
 * GET /customer-scans, filtered and paged on the server; X-Total-Count is the filtered total. "Load more" asks
 * for the rows after the last page's X-Next-Cursor (keyset paging: as quick deep in a million scans as at the top).
 */
export const customerScansQuery = (filters: ScanFilters) =>
  infiniteQueryOptions({
    queryKey: ['customer-scans', 'list', filters],
    queryFn: ({ pageParam }) => {
      const searchParams: Record<string, string | number> = { limit: SCAN_PAGE_SIZE };
      for (const [key, value] of Object.entries(filters))
        if (value !== undefined && value !== '') searchParams[key] = value;
      if (pageParam) searchParams.cursor = pageParam;
      return api.getPage<CustomerScanListItem[]>('customer-scans', { searchParams });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });

/** Hotel and merchant choices of the filters (GET /hotels, GET /merchants: arrays with id, name and location). */
export interface FilterOption {
  id: string;
  name: string;
  location_id: number;
}

export const hotelOptionsQuery = queryOptions({
  queryKey: ['customer-scans', 'hotel-options'],
  queryFn: () => api.get<FilterOption[]>('hotels'),
});

export const merchantOptionsQuery = queryOptions({
  queryKey: ['customer-scans', 'merchant-options'],
  queryFn: () => api.get<FilterOption[]>('merchants'),
});
