import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserCreateInput, AdminUserUpdateInput } from '../../../shared/schemas/settings';
import type { AdminUser } from '../../../shared/types';
import { api } from '../../lib/api';

/** The signed-in user: the settings screen needs the role (only role superadmin manages settings and users). */
export { currentUserQuery } from '../auth/api';

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
