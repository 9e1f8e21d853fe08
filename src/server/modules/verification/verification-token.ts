import { sign, verify } from 'hono/jwt';
import {
  VERIFICATION_PURPOSES,
  VERIFICATION_TOKEN_TTL_SECONDS,
  type VerificationPurpose,
} from '../../../shared/schemas/verification';

/**
 * What a verified code gives the guest (docs/PRODUCT.md "Guest trust"): an HS256 JWT with the server's secret, good
 * for 30 minutes, carrying the number, the purpose and the hotel (null for my_data). `typ` keeps it apart from a
 * login's token, which is signed with the same secret: neither is taken for the other (a login token has no `typ`,
 * this one no `user_type` or session version).
 */
export interface VerificationClaims {
  mobile: string;
  purpose: VerificationPurpose;
  hotelId: string | null;
}

const TYP = 'phone-verification';

export function issueVerificationToken(
  claims: VerificationClaims,
  secret: string,
  now = Math.floor(Date.now() / 1000),
): Promise<string> {
  return sign(
    {
      typ: TYP,
      mob: claims.mobile,
      pur: claims.purpose,
      hot: claims.hotelId,
      iat: now,
      exp: now + VERIFICATION_TOKEN_TTL_SECONDS,
    },
    secret,
    'HS256',
  );
}

/** The token's claims, or undefined for a token that is forged, expired, malformed or not a verification token. */
export async function readVerificationToken(token: string, secret: string): Promise<VerificationClaims | undefined> {
  try {
    const payload = await verify(token, secret, 'HS256');
    const { typ, mob, pur, hot, exp } = payload;
    if (typ !== TYP || typeof mob !== 'string' || typeof exp !== 'number') return undefined;
    if (!VERIFICATION_PURPOSES.includes(pur as VerificationPurpose)) return undefined;
    if (hot !== null && typeof hot !== 'string') return undefined;
    return { mobile: mob, purpose: pur as VerificationPurpose, hotelId: hot };
  } catch {
    return undefined;
  }
}

/** Whether `token` proves `expected` (the same number, purpose and hotel). */
export async function tokenProves(
  token: string | undefined,
  secret: string,
  expected: VerificationClaims,
): Promise<boolean> {
  if (!token) return false;
  const claims = await readVerificationToken(token, secret);
  return (
    claims !== undefined &&
    claims.mobile === expected.mobile &&
    claims.purpose === expected.purpose &&
    claims.hotelId === expected.hotelId
  );
}
