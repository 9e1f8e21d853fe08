import type { LoginInput } from '../../../shared/schemas/auth';
import type { LoginSecondStepInput } from '../../../shared/schemas/second-factor';
import { api } from '../../lib/api';

/** Sent without any stored token: a stale session must not turn a wrong password into a forced sign-out. */
export const loginRequest = (input: LoginInput) => api.guest.post('/auth/login', { json: input });

/**
 * Reads /auth/me with the new token, not yet stored (and never an older stored one): merchant login needs merchant_id.
 */
export const currentUserRequest = (token: string) =>
  api.guest.get('/auth/me', { headers: { Authorization: `Bearer ${token}` } });

/** The login's second step (docs/PRODUCT.md "Two-step sign-in"): the first step's token and a code. */
export const secondStepRequest = (input: LoginSecondStepInput) => api.guest.post('/auth/login/mfa', { json: input });

/** A made session, as both steps answer it. */
export type SignedIn = Awaited<ReturnType<typeof secondStepRequest>>;
