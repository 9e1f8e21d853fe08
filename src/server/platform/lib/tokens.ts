import { createHmac } from 'node:crypto';
import { decode, verify } from 'hono/jwt';
import type { UserType } from '../../../shared/constants';
import {
  BACK_OFFICE_SESSION_SECONDS,
  REFRESH_AFTER_SECONDS,
  SLIDING_IDLE_SECONDS,
} from '../../../shared/session-lifetime';
import { kidOf, newestKeyOf, signingKeysOf, verifyingKeyOf, type SigningKey } from './signing-keys';

/**
 * A hotel or merchant token lives the 7 days its session allows after a use, plus the day before a fresh one is
 * answered: a token used just before it is a day old still outlives the 7 days after that use (docs/SECURITY.md
 * "Sessions"), so a counter phone offline for days syncs with the token it has.
 */
const SLIDING_TOKEN_SECONDS = SLIDING_IDLE_SECONDS + REFRESH_AFTER_SECONDS;

/** The longest any token lives: a retired signing key verifies this long, plus a grace (signing-keys.ts). */
export const TOKEN_LIFETIME_SECONDS = Math.max(SLIDING_TOKEN_SECONDS, BACK_OFFICE_SESSION_SECONDS);

/** A token's lifetime by the login's type: the back office's is its session's 12 hours. */
export const tokenLifetimeSeconds = (userType: UserType): number =>
  userType === 'superadmin' ? BACK_OFFICE_SESSION_SECONDS : SLIDING_TOKEN_SECONDS;

export interface TokenClaims {
  sub: string;
  user_type: UserType;
  /** The login's session version when the token was issued: logout, a password change or reset, a role change bump it. */
  sv: number;
  /** The device session (sessions.id) the token belongs to: logout ends it, and with it this token only. */
  sid: string;
}

/**
 * A sign-in token (HS256) signed with the newest signing key, its id in the header's `kid` (docs/SECURITY.md
 * "Signing keys"). `secret` is the server's base secret: it names the server's key set, or is the one key when the
 * server has none (JWT_SECRET set).
 */
export async function issueToken(
  claims: TokenClaims,
  secret: string,
  now = Math.floor(Date.now() / 1000),
): Promise<string> {
  const key = await newestKeyOf(secret);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT', kid: key.kid })}.${part({ ...claims, iat: now, exp: now + tokenLifetimeSeconds(claims.user_type) })}`;
  return `${unsigned}.${createHmac('sha256', key.secret).update(unsigned).digest('base64url')}`;
}

/**
 * The key a token's `kid` names: one of the server's keys (an id it does not know re-reads them, rate limited), or the
 * single key. A token without `kid` (issued before keys had ids) verifies only with the base secret's own key, while
 * that key has not been retired for longer than the token lifetime.
 */
async function keyOf(token: string, secret: string): Promise<SigningKey | undefined> {
  const { kid } = decode(token).header as { kid?: unknown };
  const keys = signingKeysOf(secret);
  if (kid === undefined) return keys ? keys.held(kidOf(secret)) : { kid: kidOf(secret), secret };
  if (typeof kid !== 'string') return undefined;
  return verifyingKeyOf(secret, kid);
}

/** A token whose signature holds, with when it was issued and whether it is past its expiry. */
export interface ReadToken extends TokenClaims {
  iat: number;
  /** Past `exp`: it signs nobody in; it only lets the 401 say why the session ended (docs/SECURITY.md "Sessions"). */
  expired: boolean;
}

/**
 * Verifies the signature (HS256 only, whatever the header says) and reads the expiry; returns undefined for any bad
 * token. A token without `exp` or `iat` (never issued by us), the session version or the session id is refused too
 * (docs/SECURITY.md "Sessions").
 */
export async function readToken(
  token: string,
  secret: string,
  now = Math.floor(Date.now() / 1000),
): Promise<ReadToken | undefined> {
  try {
    const key = await keyOf(token, secret);
    if (!key) return undefined;
    const payload = await verify(token, key.secret, { alg: 'HS256', exp: false });
    const { sub, user_type: userType, sv, sid, exp, iat } = payload;
    if (
      typeof sub !== 'string' ||
      typeof userType !== 'string' ||
      !Number.isSafeInteger(sv) ||
      typeof sid !== 'string' ||
      typeof exp !== 'number' ||
      !Number.isFinite(exp) ||
      typeof iat !== 'number'
    )
      return undefined;
    return { sub, user_type: userType as UserType, sv: sv as number, sid, iat, expired: exp <= now };
  } catch {
    return undefined;
  }
}
