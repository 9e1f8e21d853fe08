import { createHmac } from 'node:crypto';
import { decode, verify } from 'hono/jwt';
import type { UserType } from '../../../shared/constants';
import { kidOf, signingKeysOf, type SigningKey } from './signing-keys';

export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

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
  const key = (await signingKeysOf(secret)?.signingKey()) ?? { kid: kidOf(secret), secret };
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT', kid: key.kid })}.${part({ ...claims, iat: now, exp: now + TOKEN_LIFETIME_SECONDS })}`;
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
  if (keys) return keys.find(kid);
  return kid === kidOf(secret) ? { kid, secret } : undefined;
}

/**
 * Verifies the signature (HS256 only, whatever the header says) and expiry; returns undefined for any bad token.
 * A token without `exp` (never issued by us), the session version or the session id is refused too
 * (docs/SECURITY.md "Sessions").
 */
export async function readToken(token: string, secret: string): Promise<TokenClaims | undefined> {
  try {
    const key = await keyOf(token, secret);
    if (!key) return undefined;
    const payload = await verify(token, key.secret, 'HS256');
    const { sub, user_type: userType, sv, sid, exp } = payload;
    if (
      typeof sub !== 'string' ||
      typeof userType !== 'string' ||
      !Number.isSafeInteger(sv) ||
      typeof sid !== 'string' ||
      typeof exp !== 'number'
    )
      return undefined;
    return { sub, user_type: userType as UserType, sv: sv as number, sid };
  } catch {
    return undefined;
  }
}
