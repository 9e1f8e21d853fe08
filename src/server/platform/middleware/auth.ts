import { createMiddleware } from 'hono/factory';
import type { AppDeps, AppEnv } from '../context';
import { readToken } from '../lib/tokens';
import { findAuthUser } from '../../modules/users/users.service';

/** Reads an optional bearer token; a valid one puts the caller in c.var.user. Routes decide what they require. */
export function authenticate(deps: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set('user', undefined);
    const header = c.req.header('authorization');
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    if (match?.[1]) {
      const claims = await readToken(match[1], deps.jwtSecret);
      const user = claims ? await findAuthUser(deps.db, claims.sub) : undefined;
      // A deleted login, one whose type changed, or one whose sessions were ended since (logout, new password,
      // role change: the session version moved on) no longer counts even with an unexpired token.
      if (user && claims && user.userType === claims.user_type && user.sessionVersion === claims.sv)
        c.set('user', user);
    }
    await next();
  });
}
