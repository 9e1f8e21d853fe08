import type { LoginInput } from '../../../shared/schemas/auth';
import { api } from '../../lib/api';

/** Sent without any stored token: a stale session must not turn a wrong password into a forced sign-out. */
export const loginRequest = (input: LoginInput) => api.guest.post('/auth/login', { json: input });

/**
 * Reads /auth/me with the new token, not yet stored (and never an older stored one): merchant login needs merchant_id.
 */
export const currentUserRequest = (token: string) =>
  api.guest.get('/auth/me', { headers: { Authorization: `Bearer ${token}` } });
