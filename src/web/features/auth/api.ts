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
