import { queryOptions } from '@tanstack/react-query';
import type { MonthlyRevenueQuery } from '../../../shared/schemas/reports';
import type { MonthlyRevenueReport } from '../../../shared/types';
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
      const searchParams: Record<string, string> = {};
      if (range.from) searchParams.from = range.from;
      if (range.to) searchParams.to = range.to;
      return api.get<MonthlyRevenueReport>('reports/monthly-revenue', { searchParams });
    },
    meta: { errorMessage: 'Failed to load reports data' },
  });
