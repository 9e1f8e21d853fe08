import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The screen's filters: From and To (business days; unset: the server's last 30 days) and the location drilled into. */
export interface FunnelFilters {
  from?: string;
  to?: string;
  location_id?: number;
}

/** GET /funnel: the funnel per location, and with a location per hotel of it (docs/PRODUCT.md "Funnel"). */
const fetchReport = (filters: FunnelFilters) => api.get('/funnel', { query: filters });
export type FunnelReport = Awaited<ReturnType<typeof fetchReport>>;

export const funnelReportQuery = (filters: FunnelFilters) =>
  queryOptions({
    queryKey: ['funnel', 'report', filters],
    queryFn: () => fetchReport(filters),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'Failed to load the guest funnel' },
  });

/** GET /funnel/falling-hotels: the hotels whose open-to-issue rate fell most in the last 30 days. */
export const fallingHotelsQuery = (locationId?: number) =>
  queryOptions({
    queryKey: ['funnel', 'falling', locationId ?? null],
    queryFn: () => api.get('/funnel/falling-hotels', { query: { location_id: locationId } }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'Failed to load the falling hotels' },
  });
