import { VERIFICATION_INVALID, VERIFY_FIRST, type VerificationPurpose } from '../../../shared/schemas/verification';
import { forbidden } from '../../platform/lib/errors';
import { readVerificationToken, type VerificationClaims } from './verification-token';

/**
 * The number a guest proved, for the calls a verification token alone authorises (docs/PRODUCT.md "Guest trust"):
 * recovery (purpose `recover`, this hotel) and My data (`my_data`, no hotel). No token answers 403 "Please verify
 * your mobile number first"; a forged or expired one, or one of another purpose, hotel or number, 403 "Your
 * verification has expired, please verify your mobile number again". Nothing tells whether the number has scans.
 */
export async function verifiedNumber(
  token: string | undefined,
  secret: string,
  expected: { purpose: VerificationPurpose; hotelId: string | null; mobile?: string },
): Promise<VerificationClaims> {
  if (!token?.trim()) throw forbidden(VERIFY_FIRST);
  const claims = await readVerificationToken(token.trim(), secret);
  if (
    !claims ||
    claims.purpose !== expected.purpose ||
    claims.hotelId !== expected.hotelId ||
    (expected.mobile !== undefined && claims.mobile !== expected.mobile)
  )
    throw forbidden(VERIFICATION_INVALID);
  return claims;
}
