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

/**
 * A login whose role requires two-step sign-in and that has not set it up yet (docs/SECURITY.md "Second factor"):
 * its session may only read itself, sign out and set it up.
 */
export const mustSetUpSecondFactor = (user: AuthUser): boolean =>
  user.secondFactor !== undefined && user.secondFactor.required && !user.secondFactor.on;

/** The refusal of every other call of such a session (the web shows the set-up first). */
export const SET_UP_SECOND_FACTOR_FIRST = 'Set up two-step sign-in first';

/** Whether the signed-in caller (if any) holds a permission: for routes open to guests that show more to staff. */
export function callerCan(user: AuthUser | undefined, permission: Permission): boolean {
  return user !== undefined && !mustSetUpSecondFactor(user) && can(callerOf(user), permission);
}

export interface RequireRoleOptions {
  /** Open to a session that must set up two-step sign-in first (its own account, signing out, the set-up). */
  beforeSecondFactor?: boolean;
}

/**
 * 401 without a login (its detail says why when the token's session ran out), 403 unless the caller's role holds the permission, and 403 "Set up two-step sign-in first"
 * for a session that must set it up, unless the route is open to it (`beforeSecondFactor`). The middleware carries
 * its permission, which the API description reads (platform/openapi/describe.ts).
 */
export function requireRole(permission: Permission, options: RequireRoleOptions = {}) {
  const roles = rolesWith(permission);
  const check = createMiddleware<AppEnv>(async (c, next) => {
    const user = c.get('user');
    // A session that ran out says why (docs/SECURITY.md "Sessions"): the web repeats it on the login screen.
    if (!user) throw unauthorized(c.get('signedOut'));
    if (!roles.includes(callerOf(user))) throw forbidden();
    if (!options.beforeSecondFactor && mustSetUpSecondFactor(user)) throw forbidden(SET_UP_SECOND_FACTOR_FIRST);
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
