import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { can, roleOf, type Permission, type Role } from '../../../shared/permissions';
import type { LoginInput } from '../../../shared/schemas/auth';
import type { CurrentUser, LoginResponse } from '../../../shared/types';
import { api } from '../../lib/api';

/** Sent without any stored token: a stale session must not turn a wrong password into a forced sign-out. */
export const loginRequest = (input: LoginInput) => api.guest.post<LoginResponse>('auth/login', input);

/**
 * Reads /auth/me with the new token, not yet stored (and never an older stored one): merchant login needs merchant_id.
 */
export const currentUserRequest = (token: string) =>
  api.guest.get<CurrentUser>('auth/me', { headers: { Authorization: `Bearer ${token}` } });

/** The signed-in user (role, merchant_id); cached for a minute. The back office's layout route loads it. */
export const currentUserQuery = queryOptions({
  queryKey: ['auth', 'me'],
  queryFn: () => api.get<CurrentUser>('auth/me'),
  staleTime: 60_000,
});

export const userRole = (user: CurrentUser): Role => roleOf(user.user_type, user.role);

/** The signed-in back-office user's role. */
export function useRole(): Role {
  return userRole(useSuspenseQuery(currentUserQuery).data);
}

/** Whether the signed-in user holds a permission (shared/permissions.ts): menus and buttons offer only that. */
export const useCan = (permission: Permission): boolean => can(useRole(), permission);
