import { queryOptions } from '@tanstack/react-query';
import type * as v from 'valibot';
import type { AuditEventListQuerySchema } from '../../../shared/schemas/audit';
import type { AdminUserCreateInput, AdminUserUpdateInput } from '../../../shared/schemas/settings';
import type { AdminUser, AuditEvent } from '../../../shared/types';
import { api } from '../../lib/api';
import { pagedListQuery, saveRecord, useListMutation } from '../../lib/list-queries';

export const adminUsersQuery = queryOptions({
  queryKey: ['admin-users'],
  queryFn: () => api.get<AdminUser[]>('admin-users'),
  meta: { errorMessage: 'Failed to load users' },
});

export type SaveUserInput = ({ id: string } & AdminUserUpdateInput) | ({ id?: undefined } & AdminUserCreateInput);

export const useSaveAdminUser = () =>
  useListMutation(
    ({ id, ...input }: SaveUserInput) => saveRecord<AdminUser>('admin-users', id, input),
    adminUsersQuery.queryKey,
  );

export const useDeleteAdminUser = () =>
  useListMutation((id: string) => api.delete(`admin-users/${id}`), adminUsersQuery.queryKey);

/** The Activity filters: the query parameters of GET /audit-events, without the paging ones. */
export type ActivityFilters = Omit<v.InferInput<typeof AuditEventListQuerySchema>, 'limit' | 'cursor'>;

export const ACTIVITY_PAGE_SIZE = 50;

/** GET /audit-events (role superadmin): newest first; a refusal of the filters (422) shows in the list's place. */
export const auditEventsQuery = (filters: ActivityFilters) =>
  pagedListQuery<AuditEvent, ['audit-events', ActivityFilters]>({
    queryKey: ['audit-events', filters],
    path: 'audit-events',
    filters,
    limit: ACTIVITY_PAGE_SIZE,
    meta: { errorMessage: 'Failed to load activity' },
    refusable: true,
  });
