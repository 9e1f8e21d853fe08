import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type * as v from 'valibot';
import type { AuditEventListQuerySchema } from '../../../shared/schemas/audit';
import type { AdminUserCreateInput, AdminUserUpdateInput } from '../../../shared/schemas/settings';
import type { AdminUser, AuditEvent } from '../../../shared/types';
import { api, ApiError } from '../../lib/api';

export const adminUsersQuery = queryOptions({
  queryKey: ['admin-users'],
  queryFn: () => api.get<AdminUser[]>('admin-users'),
  meta: { errorMessage: 'Failed to load users' },
});

export type SaveUserInput = ({ id: string } & AdminUserUpdateInput) | ({ id?: undefined } & AdminUserCreateInput);

export function useSaveAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: SaveUserInput) =>
      id ? api.put<AdminUser>(`admin-users/${id}`, input) : api.post<AdminUser>('admin-users', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersQuery.queryKey }),
  });
}

export function useDeleteAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`admin-users/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersQuery.queryKey }),
  });
}

/** The Activity filters: the query parameters of GET /audit-events, without the paging ones. */
export type ActivityFilters = Omit<v.InferInput<typeof AuditEventListQuerySchema>, 'limit' | 'cursor'>;

/** One page of events; `refused` is the server's reason when it refuses the filters (422). */
export interface ActivityPage {
  rows: AuditEvent[];
  total: number;
  nextCursor?: string;
  refused?: string;
}

export const ACTIVITY_PAGE_SIZE = 50;

/** GET /audit-events (role superadmin): newest first; "Load more" asks for the events after X-Next-Cursor. */
export const auditEventsQuery = (filters: ActivityFilters) =>
  infiniteQueryOptions({
    queryKey: ['audit-events', filters],
    queryFn: async ({ pageParam }): Promise<ActivityPage> => {
      const searchParams: Record<string, string | number> = { limit: ACTIVITY_PAGE_SIZE };
      for (const [key, value] of Object.entries(filters)) if (value) searchParams[key] = value;
      if (pageParam) searchParams.cursor = pageParam;
      try {
        return await api.getPage<AuditEvent[]>('audit-events', { searchParams });
      } catch (error) {
        // Shown in the list's place, not as a failed load.
        if (error instanceof ApiError && error.status === 422) return { rows: [], total: 0, refused: error.detail };
        throw error;
      }
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
    meta: { errorMessage: 'Failed to load activity' },
  });
