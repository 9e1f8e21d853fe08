import type * as v from 'valibot';
import type { AuditEventListQuerySchema } from '../../../shared/schemas/audit';
import { listResource, pagedListQuery } from '../../lib/list-queries';

/** An edit sends the update body (a blank password keeps the old one) to the user's id; a new user the create body. */
const adminUsers = listResource('/admin-users', {
  errorMessage: 'Failed to load users',
});

export const adminUsersQuery = adminUsers.query;
export const useSaveAdminUser = adminUsers.useSave;
export const useDeleteAdminUser = adminUsers.useDelete;

/** The Activity filters: the query parameters of GET /audit-events, without the paging ones. */
export type ActivityFilters = Omit<v.InferInput<typeof AuditEventListQuerySchema>, 'limit' | 'cursor'>;

export const ACTIVITY_PAGE_SIZE = 50;

/** GET /audit-events (role superadmin): newest first; a refusal of the filters (422) shows in the list's place. */
export const auditEventsQuery = (filters: ActivityFilters) =>
  pagedListQuery({
    queryKey: ['audit-events', filters],
    path: '/audit-events',
    filters,
    limit: ACTIVITY_PAGE_SIZE,
    meta: { errorMessage: 'Failed to load activity' },
    refusable: true,
  });
