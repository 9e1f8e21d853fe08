import { createMiddleware } from 'hono/factory';
import { REFRESH_AFTER_SECONDS, REFRESHED_TOKEN_HEADER } from '../../../shared/session-lifetime';
import type { AppEnv, CurrentSession, SessionUser } from '../context';
import { unauthorized } from '../lib/errors';
import { readToken, type TokenClaims } from '../lib/tokens';
import { setAnswerHeader } from './answer-header';

export interface AuthenticateDeps {
  /** The token signing secret, read per request (it is known once the database is ready: AppDeps.jwtSecret). */
  jwtSecret: () => string;
  /**
   * The login a token names with the session it names, unless that session was ended; `signedOut` says why a session
   * past its limits is over (the users module's lookup).
   */
  findUser: (id: string, sid: string) => Promise<SessionUser | undefined>;
  /** Marks a session seen now (at most every minute or 5 minutes by the login's type, docs/SECURITY.md "Sessions"). */
  touchSession: (session: SessionUser) => Promise<void>;
  /** Slides a hotel or merchant session: its fresh token, or undefined when the session is no longer live. */
  refreshSession: (claims: TokenClaims) => Promise<string | undefined>;
}

/**
 * Reads an optional bearer token; a valid one puts the caller in c.var.user. Routes decide what they require. A
 * hotel or merchant token older than a day gets a fresh one for the same session in X-Refreshed-Token, after the
 * handler ran (so a logout or a new password in this request sends none).
 */
export function authenticate({ jwtSecret, findUser, touchSession, refreshSession }: AuthenticateDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set('user', undefined);
    c.set('session', undefined);
    c.set('signedOut', undefined);
    const header = c.req.header('authorization');
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    const now = Math.floor(Date.now() / 1000);
    const token = match?.[1] ? await readToken(match[1], jwtSecret(), now) : undefined;
    const found = token ? await findUser(token.sub, token.sid) : undefined;
    // A deleted login, one whose type changed, an ended session (logout on this device, "Sign out everywhere"), or
    // one whose sessions were all ended since (new password, role change: the session version moved on) no longer
    // counts even with an unexpired token. A session past its limits says why (the 401's detail).
    const current = found && token && found.userType === token.user_type && found.sessionVersion === token.sv;
    if (current && found.signedOut) c.set('signedOut', found.signedOut);
    const signedIn = current && !found.signedOut && !token.expired;
    if (signedIn) {
      const { sessionVersion: _version, sessionId, sessionLabel, lastSeenAt: _seen, signedOut: _out, ...user } = found;
      c.set('user', user);
      c.set('session', { id: sessionId, label: sessionLabel });
      await touchSession(found);
    }
    await next();
    if (signedIn && token.user_type !== 'superadmin' && now - token.iat >= REFRESH_AFTER_SECONDS) {
      try {
        // A merchant login's fresh token names its merchant (TokenClaims.mid), also when the old one did not.
        const merchant = found.userType === 'merchant' && found.merchantId ? { mid: found.merchantId } : {};
        const fresh = await refreshSession({ ...token, ...merchant });
        if (fresh) setAnswerHeader(c, REFRESHED_TOKEN_HEADER, fresh);
      } catch {
        // The answer stands; the next request tries again (the token still has a week).
      }
    }
  });
}

/** The device session of the signed-in caller, inside a handler behind requireRole. */
export function currentSession(c: { get(key: 'session'): CurrentSession | undefined }): CurrentSession {
  const session = c.get('session');
  if (!session) throw unauthorized();
  return session;
}
