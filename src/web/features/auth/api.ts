import type { LoginInput } from '../../../shared/schemas/auth';
import type { CurrentUser, LoginResponse } from '../../../shared/types';
import { api } from '../../lib/api';

export const loginRequest = (input: LoginInput) => api.post<LoginResponse>('auth/login', input);

/** Reads /auth/me with a token that is not stored yet (merchant login needs merchant_id first). */
export const currentUserRequest = (token: string) =>
  api.get<CurrentUser>('auth/me', { headers: { Authorization: `Bearer ${token}` } });
