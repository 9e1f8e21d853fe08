import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { MonthlyRevenueReport } from '../../../shared/types';
import { api } from '../../lib/api';

export interface ReportRange {
  from?: string;
  to?: string;
}

/** GET /reports/monthly-revenue[?from=YYYY-MM&to=YYYY-MM]; without a range the server picks the latest 6 months with data. */
export const monthlyRevenueQuery = (range: ReportRange) =>
  queryOptions({
    queryKey: ['reports', 'monthly-revenue', { from: range.from ?? null, to: range.to ?? null }],
    queryFn: () => {
      const searchParams: Record<string, string> = {};
      if (range.from) searchParams.from = range.from;
      if (range.to) searchParams.to = range.to;
      return api.get<MonthlyRevenueReport>('reports/monthly-revenue', { searchParams });
    },
    placeholderData: keepPreviousData,
  });
