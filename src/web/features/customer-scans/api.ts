import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { CustomerScanListItem, Hotel } from '../../../shared/types';
import { api, ApiError } from '../../lib/api';
import type { ScanFilters } from './search';

const LOAD_FAILED = { errorMessage: 'Failed to load data' };

export const SCAN_PAGE_SIZE = 50;

/** One page of the list; `refused` is the server's reason when it refuses the filters (422), e.g. to narrow them. */
export interface ScanPage {
  rows: CustomerScanListItem[];
  total: number;
  nextCursor?: string;
  refused?: string;
}

/**
 * GET /customer-scans, filtered and paged on the server; X-Total-Count is the filtered total. "Load more" asks
 * for the rows after the last page's X-Next-Cursor (keyset paging: as quick deep in a million scans as at the top).
 */
export const customerScansQuery = (filters: ScanFilters) =>
  infiniteQueryOptions({
    queryKey: ['customer-scans', 'list', filters],
    queryFn: async ({ pageParam }): Promise<ScanPage> => {
      const searchParams: Record<string, string | number> = { limit: SCAN_PAGE_SIZE };
      for (const [key, value] of Object.entries(filters)) if (value !== undefined) searchParams[key] = value;
      if (pageParam) searchParams.cursor = pageParam;
      try {
        return await api.getPage<CustomerScanListItem[]>('customer-scans', { searchParams });
      } catch (error) {
        // Shown in the list's place, not as a failed load.
        if (error instanceof ApiError && error.status === 422) return { rows: [], total: 0, refused: error.detail };
        throw error;
      }
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
    meta: LOAD_FAILED,
  });

/** Hotel and merchant choices of the filters (from GET /hotels, GET /merchants). */
export type FilterOption = Pick<Hotel, 'id' | 'name' | 'location_id'>;

export const hotelOptionsQuery = queryOptions({
  queryKey: ['customer-scans', 'hotel-options'],
  queryFn: () => api.get<FilterOption[]>('hotels'),
  meta: LOAD_FAILED,
});

export const merchantOptionsQuery = queryOptions({
  queryKey: ['customer-scans', 'merchant-options'],
  queryFn: () => api.get<FilterOption[]>('merchants'),
  meta: LOAD_FAILED,
});
