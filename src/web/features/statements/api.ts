import type { StatementsFilter } from '../../../shared/schemas/statements';
import { pagedListQuery } from '../../lib/list-queries';

export type StatementFilters = Pick<StatementsFilter, 'party_kind' | 'month' | 'search'>;

export const STATEMENTS_PAGE_SIZE = 50;

/**
 * GET /statements: a merchant's or hotel's own statements, or the back office's, filtered by kind, month and a part
 * of the name; newest month first, paged by cursor (docs/PRODUCT.md "Statements").
 */
export const statementsQuery = (filters: StatementFilters = {}) =>
  pagedListQuery({
    queryKey: ['statements', filters],
    path: '/statements',
    filters: { party_kind: filters.party_kind, month: filters.month, search: filters.search },
    limit: STATEMENTS_PAGE_SIZE,
    meta: { errorMessage: 'Failed to load statements' },
  });
