import { queryOptions } from '@tanstack/react-query';
import type { MonthlyRevenueQuery } from '../../../shared/schemas/reports';
import { api } from '../../lib/api';

/** From and To months ('YYYY-MM'), the query parameters of GET /reports/monthly-revenue. */
export type ReportRange = MonthlyRevenueQuery;

/**
 * GET /reports/monthly-revenue[?from=YYYY-MM&to=YYYY-MM]; without a range the server picks the latest 6 months with
 * data.
 */
export const monthlyRevenueQuery = (range: ReportRange) =>
  queryOptions({
    queryKey: ['reports', 'monthly-revenue', { from: range.from ?? null, to: range.to ?? null }],
    queryFn: () => {
      // Unset months are left out.
      return api.get('/reports/monthly-revenue', {
        query: { from: range.from || undefined, to: range.to || undefined },
      });
    },
    meta: { errorMessage: 'Failed to load reports data' },
  });
