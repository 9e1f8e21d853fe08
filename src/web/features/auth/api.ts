import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LoginInput } from '../../../shared/schemas/auth';
import type { CurrentUser, LoginResponse } from '../../../shared/types';
import { api } from '../../lib/api';

/** Sent without any stored token: a stale session must not turn a wrong password into a forced sign-out. */
export const loginRequest = (input: LoginInput) => api.guest.post<LoginResponse>('auth/login', input);

/** Reads /auth/me with the new token, not yet stored (and never an older stored one): merchant login needs merchant_id. */
export const currentUserRequest = (token: string) =>
  api.guest.get<CurrentUser>('auth/me', { headers: { Authorization: `Bearer ${token}` } });

/** The signed-in user (role, merchant_id); cached for a minute. */
export const currentUserQuery = queryOptions({
  queryKey: ['auth', 'me'],
  queryFn: () => api.get<CurrentUser>('auth/me'),
  staleTime: 60_000,
});

/** Managers add and edit but never delete (SPEC §6, DESIGN §4): their screens hide Delete; the server refuses anyway. */
export function useMayDelete(): boolean {
  const me = useQuery(currentUserQuery);
  return me.data !== undefined && me.data.role !== 'manager';
}

/** A password reset takes a login over, so like deleting it is for superadmin and admin (docs/SECURITY.md). */
export const useMayResetPasswords = useMayDelete;
