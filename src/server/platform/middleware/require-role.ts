import { createMiddleware } from 'hono/factory';
import { can, roleOf, rolesWith, type Permission, type Role } from '../../../shared/permissions';
import type { AppEnv, AuthUser } from '../context';
import { forbidden, unauthorized } from '../lib/errors';
import { describeHandler } from '../openapi/describe';

/** Who is calling: an admin user's role, 'hotel', or a merchant login's role (src/shared/permissions.ts). */
export type Caller = Role;

export function callerOf(user: AuthUser): Caller {
  return roleOf(user.userType, user.role, user.merchantRole);
}

/** Whether the signed-in caller (if any) holds a permission: for routes open to guests that show more to staff. */
export function callerCan(user: AuthUser | undefined, permission: Permission): boolean {
  return user !== undefined && can(callerOf(user), permission);
}

/**
 * 401 without a login, 403 unless the caller's role holds the permission. The middleware carries its permission,
 * which the API description reads (platform/openapi/describe.ts).
 */
export function requireRole(permission: Permission) {
  const roles = rolesWith(permission);
  const check = createMiddleware<AppEnv>(async (c, next) => {
    const user = c.get('user');
    if (!user) throw unauthorized();
    if (!roles.includes(callerOf(user))) throw forbidden();
    await next();
  });
  return describeHandler(check, { kind: 'role', permission });
}

/** The signed-in user inside a handler behind requireRole. */
export function currentUser(c: { get(key: 'user'): AuthUser | undefined }): AuthUser {
  const user = c.get('user');
  if (!user) throw unauthorized();
  return user;
}
