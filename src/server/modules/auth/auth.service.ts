import type { LoginInput } from '../../../shared/schemas/auth';
import type { LoginResponse } from '../../../shared/types';
import type { Db } from '../../db/client';
import { unauthorized } from '../../lib/errors';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords';
import { issueToken } from '../../lib/tokens';
import { findLoginByUsername } from '../users/users.service';

export const INVALID_LOGIN = 'Invalid username or password';

export async function login(db: Db, jwtSecret: string, input: LoginInput): Promise<LoginResponse> {
  const user = await findLoginByUsername(db, input.username);
  if (!user) {
    await burnPasswordCheck(input.password);
    throw unauthorized(INVALID_LOGIN);
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) throw unauthorized(INVALID_LOGIN);
  const accessToken = await issueToken({ sub: user.id, user_type: user.userType }, jwtSecret);
  return { access_token: accessToken, user_type: user.userType, user_id: user.id };
}
