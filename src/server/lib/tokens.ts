import { sign, verify } from 'hono/jwt';
import type { UserType } from '../../shared/constants';

export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

export interface TokenClaims {
  sub: string;
  user_type: UserType;
}

export function issueToken(claims: TokenClaims, secret: string, now = Math.floor(Date.now() / 1000)): Promise<string> {
  return sign({ ...claims, iat: now, exp: now + TOKEN_LIFETIME_SECONDS }, secret, 'HS256');
}

/** Verifies signature (HS256 only) and expiry; returns undefined for any bad token. */
export async function readToken(token: string, secret: string): Promise<TokenClaims | undefined> {
  try {
    const payload = await verify(token, secret, 'HS256');
    if (typeof payload.sub !== 'string' || typeof payload.user_type !== 'string') return undefined;
    return { sub: payload.sub, user_type: payload.user_type as UserType };
  } catch {
    return undefined;
  }
}
