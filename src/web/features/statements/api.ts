import { queryOptions } from '@tanstack/react-query';
import type { StatementsFilter } from '../../../shared/schemas/statements';
import { api } from '../../lib/api';

/** GET /statements: a merchant's or hotel's own statements, or the back office's, filtered (docs/PRODUCT.md "Statements"). */
export const statementsQuery = (filter: StatementsFilter = {}) =>
  queryOptions({
    queryKey: ['statements', { kind: filter.party_kind ?? null, month: filter.month ?? null }],
    queryFn: () => api.get('/statements', { query: { party_kind: filter.party_kind, month: filter.month } }),
    meta: { errorMessage: 'Failed to load statements' },
  });
