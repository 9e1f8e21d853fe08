import { createMiddleware } from 'hono/factory';
import type { AdminRole } from '../../shared/constants';
import type { AppEnv, AuthUser } from '../context';
import { forbidden, unauthorized } from '../lib/errors';

/** Who is calling: an admin user's role, or the login type for hotels and merchants (DESIGN §4). */
export type Caller = AdminRole | 'hotel' | 'merchant';

export function callerOf(user: AuthUser): Caller {
  return user.userType === 'superadmin' ? (user.role ?? 'manager') : user.userType;
}

/** Back-office roles, named after what they may do. */
export const BACK_OFFICE: Caller[] = ['superadmin', 'admin', 'manager'];
export const MAY_DELETE: Caller[] = ['superadmin', 'admin'];
export const MAY_MANAGE_SETTINGS: Caller[] = ['superadmin'];

export function requireRole(allowed: readonly Caller[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = c.get('user');
    if (!user) throw unauthorized();
    if (!allowed.includes(callerOf(user))) throw forbidden();
    await next();
  });
}

/** The signed-in user inside a handler behind requireRole. */
export function currentUser(c: { get(key: 'user'): AuthUser | undefined }): AuthUser {
  const user = c.get('user');
  if (!user) throw unauthorized();
  return user;
}
