import { createMiddleware } from 'hono/factory';
import type { AppEnv, CurrentSession, SessionUser } from '../context';
import { unauthorized } from '../lib/errors';
import { readToken } from '../lib/tokens';

export interface AuthenticateDeps {
  /** The token signing secret, read per request (it is known once the database is ready: AppDeps.jwtSecret). */
  jwtSecret: () => string;
  /** The login a token names with the session it names, while that session is live (the users module's lookup). */
  findUser: (id: string, sid: string) => Promise<SessionUser | undefined>;
  /** Marks a session seen now (written at most every `lastSeenEveryMs`, docs/SECURITY.md "Sessions"). */
  touchSession: (sid: string) => Promise<void>;
  lastSeenEveryMs: number;
}

/** Reads an optional bearer token; a valid one puts the caller in c.var.user. Routes decide what they require. */
export function authenticate({ jwtSecret, findUser, touchSession, lastSeenEveryMs }: AuthenticateDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set('user', undefined);
    c.set('session', undefined);
    const header = c.req.header('authorization');
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    if (match?.[1]) {
      const claims = await readToken(match[1], jwtSecret());
      const found = claims ? await findUser(claims.sub, claims.sid) : undefined;
      // A deleted login, one whose type changed, an ended or expired session (logout on this device, "Sign out
      // everywhere"), or one whose sessions were all ended since (new password, role change: the session version
      // moved on) no longer counts even with an unexpired token.
      if (found && claims && found.userType === claims.user_type && found.sessionVersion === claims.sv) {
        const { sessionVersion: _version, sessionId, sessionLabel, lastSeenAt, ...user } = found;
        c.set('user', user);
        c.set('session', { id: sessionId, label: sessionLabel });
        if (Date.now() - lastSeenAt.getTime() >= lastSeenEveryMs) await touchSession(sessionId);
      }
    }
    await next();
  });
}

/** The device session of the signed-in caller, inside a handler behind requireRole. */
export function currentSession(c: { get(key: 'session'): CurrentSession | undefined }): CurrentSession {
  const session = c.get('session');
  if (!session) throw unauthorized();
  return session;
}
