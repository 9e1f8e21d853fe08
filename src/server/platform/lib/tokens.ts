import { createHmac, timingSafeEqual } from 'node:crypto';
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
  /**
   * A merchant login's merchant (merchants.id), so the counter's redemption can check its session in its own statement
   * (areas/merchant-area/counter-fast-path.ts). Never trusted alone: that statement requires the login to still be
   * this merchant's. Absent on other logins and on tokens issued before it.
   */
  mid?: string;
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
  // Only the header: verifiedPayload decodes the token next (Hono's decode here read its payload as well).
  const { kid } = (JSON.parse(Buffer.from(token.split('.', 1)[0]!, 'base64url').toString('utf8')) ?? {}) as {
    kid?: unknown;
  };
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
    const payload = verifiedPayload(token, key.secret);
    if (!payload) return undefined;
    const { sub, user_type: userType, sv, sid, exp, iat, mid } = payload;
    if (
      typeof sub !== 'string' ||
      typeof userType !== 'string' ||
      !Number.isSafeInteger(sv) ||
      typeof sid !== 'string' ||
      typeof exp !== 'number' ||
      !Number.isFinite(exp) ||
      typeof iat !== 'number' ||
      (mid !== undefined && typeof mid !== 'string')
    )
      return undefined;
    const claims = { sub, user_type: userType as UserType, sv: sv as number, sid, iat, expired: exp <= now };
    return mid === undefined ? claims : { ...claims, mid };
  } catch {
    return undefined;
  }
}

/**
 * The checks of Hono's `verify(token, secret, { alg: 'HS256', exp: false })`, with the signature computed by one
 * synchronous HMAC: WebCrypto imported the key and ran its job apart on every request, about a fifth of the server's
 * CPU for a redemption (README "Performance"). Three parts; a header naming HS256, typ JWT or none, no `crit`; `nbf`
 * and `iat` not in the future; the signature in base64url, compared in constant time. Undefined when any fails.
 */
function verifiedPayload(token: string, secret: string): Record<string, unknown> | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [head, body, signature] = parts as [string, string, string];
  const json = (part: string): unknown => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  const header = json(head) as Record<string, unknown> | null;
  const typ = typeof header?.typ === 'string' ? header.typ.toLowerCase().replace(/^application\//, '') : undefined;
  if (!header || typeof header !== 'object' || header.alg !== 'HS256' || 'crit' in header) return undefined;
  if ('typ' in header && typ !== 'jwt') return undefined;
  const payload = json(body) as Record<string, unknown> | null;
  if (!payload || typeof payload !== 'object') return undefined;
  const now = Math.floor(Date.now() / 1000);
  const notAfter = (value: unknown) =>
    value === undefined || (typeof value === 'number' && Number.isFinite(value) && value <= now);
  if (!notAfter(payload.nbf) || !notAfter(payload.iat)) return undefined;
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(signature)) return undefined;
  const expected = createHmac('sha256', secret).update(`${head}.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? payload : undefined;
}
