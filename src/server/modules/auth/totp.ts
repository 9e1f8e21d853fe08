import { Secret, TOTP } from 'otpauth';
import { TOTP_DIGITS } from '../../../shared/schemas/second-factor';

/**
 * TOTP as authenticator apps do it (RFC 6238; docs/SECURITY.md "Second factor"): HMAC-SHA-1, 6 digits, 30-second
 * steps, a code of the step before or after accepted too (a phone's clock a little off). The library is otpauth.
 */
export const TOTP_PERIOD_SECONDS = 30;
const WINDOW = 1;
/** What the authenticator app shows above the code. */
export const TOTP_ISSUER = 'StayPerks';

const totp = (secret: string, label = '') =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** A new secret: 160 random bits (RFC 4226's recommended length), in base32 as apps take it typed in. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// URI the QR code carries (Key URI Format), naming the login. */
export const totpUri = (secret: string, username: string): string => totp(secret, username).toString();

/**
 * The time step `code` belongs to when it is right now (this step, the one before or the one after), else
 * undefined. The caller accepts it only for a step later than the last one accepted (no code twice).
 */
export function totpStep(secret: string, code: string, now = Date.now()): number | undefined {
  const delta = totp(secret).validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? undefined : Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}
