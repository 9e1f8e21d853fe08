import { sign, verify } from 'hono/jwt';
import type { UserType } from '../../../shared/constants';

export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

export interface TokenClaims {
  sub: string;
  user_type: UserType;
  /** The login's session version when the token was issued: logout, a password change or reset, a role change bump it. */
  sv: number;
  /** The device session (sessions.id) the token belongs to: logout ends it, and with it this token only. */
  sid: string;
}

export function issueToken(claims: TokenClaims, secret: string, now = Math.floor(Date.now() / 1000)): Promise<string> {
  return sign({ ...claims, iat: now, exp: now + TOKEN_LIFETIME_SECONDS }, secret, 'HS256');
}

/**
 * Verifies the signature (HS256 only, whatever the header says) and expiry; returns undefined for any bad token.
 * A token without `exp` (never issued by us), the session version or the session id is refused too
 * (docs/SECURITY.md "Sessions").
 */
export async function readToken(token: string, secret: string): Promise<TokenClaims | undefined> {
  try {
    const payload = await verify(token, secret, 'HS256');
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
