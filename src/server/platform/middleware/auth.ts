import { createMiddleware } from 'hono/factory';
import type { AppEnv, SessionUser } from '../context';
import { readToken } from '../lib/tokens';

export interface AuthenticateDeps {
  /** The token signing secret, read per request (it is known once the database is ready: AppDeps.jwtSecret). */
  jwtSecret: () => string;
  /** The login a token names, as loaded now (the users module's lookup, given by app.ts). */
  findUser: (id: string) => Promise<SessionUser | undefined>;
}

/** Reads an optional bearer token; a valid one puts the caller in c.var.user. Routes decide what they require. */
export function authenticate({ jwtSecret, findUser }: AuthenticateDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set('user', undefined);
    const header = c.req.header('authorization');
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    if (match?.[1]) {
      const claims = await readToken(match[1], jwtSecret());
      const user = claims ? await findUser(claims.sub) : undefined;
      // A deleted login, one whose type changed, or one whose sessions were ended since (logout, new password,
      // role change: the session version moved on) no longer counts even with an unexpired token.
      if (user && claims && user.userType === claims.user_type && user.sessionVersion === claims.sv)
        c.set('user', user);
    }
    await next();
  });
}
