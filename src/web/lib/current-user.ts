import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { can, roleOf, type Permission, type Role } from '../../shared/permissions';
import type { CurrentUser } from '../../shared/api-types';
import { api } from './api';

/** The signed-in user (role, merchant_id); cached for a minute. The back office's layout route loads it. */
export const currentUserQuery = queryOptions({
  queryKey: ['auth', 'me'],
  queryFn: () => api.get('/auth/me'),
  staleTime: 60_000,
});

export const userRole = (user: CurrentUser): Role => roleOf(user.user_type, user.role, user.merchant_role);

/** The signed-in back-office user's role. */
export function useRole(): Role {
  return userRole(useSuspenseQuery(currentUserQuery).data);
}

/** Whether the signed-in user holds a permission (shared/permissions.ts): menus and buttons offer only that. */
export const useCan = (permission: Permission): boolean => can(useRole(), permission);
