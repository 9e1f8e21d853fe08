import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { AdminUserCreateInput, AdminUserUpdateInput } from '../../../shared/schemas/settings';
import type { AdminUser, AuditEvent } from '../../../shared/types';
import { api } from '../../lib/api';

/** The signed-in user: the settings screen needs the role (only role superadmin manages settings and users). */
export { currentUserQuery } from '../auth';

export const adminUsersQuery = queryOptions({
  queryKey: ['admin-users'],
  queryFn: () => api.get<AdminUser[]>('admin-users'),
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

/** The Activity filters, as the query parameters of GET /audit-events. */
export interface ActivityFilters {
  user?: string;
  action?: string;
  entity?: string;
  entity_id?: string;
  date_from?: string;
  date_to?: string;
}

export const ACTIVITY_PAGE_SIZE = 50;

/** GET /audit-events (role superadmin): newest first; "Load more" asks for the events after X-Next-Cursor. */
export const auditEventsQuery = (filters: ActivityFilters) =>
  infiniteQueryOptions({
    queryKey: ['audit-events', filters],
    queryFn: ({ pageParam }) => {
      const searchParams: Record<string, string | number> = { limit: ACTIVITY_PAGE_SIZE };
      for (const [key, value] of Object.entries(filters)) if (value) searchParams[key] = value;
      if (pageParam) searchParams.cursor = pageParam;
      return api.getPage<AuditEvent[]>('audit-events', { searchParams });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
