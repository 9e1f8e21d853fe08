import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { newestKeyOf, verifyingKeyOf, type SigningKey } from '../../platform/lib/signing-keys';

/**
 * The device cookie (docs/SECURITY.md "Login limits"; OWASP "Slow Down Online Guessing Attacks with Device Cookies"):
 * a device that completed a sign-in to an account gets a signed token naming that account, and with it is never
 * refused because of the account's lock. One cookie per account, so every login of a shared counter phone keeps its
 * own. It holds the username (lower case), a random nonce (the device's failures count against it) and its expiry,
 * signed with the server's newest signing key, whose id it carries so a rotation does not need a new format.
 *
 * It lives 180 days and is renewed at every sign-in: a device used at least once a season (a hotel closed for the
 * off-season) stays known, and a lost phone's cookie ages out within half a year. It survives logout on purpose
 * (docs/PRODUCT.md "Logging out"): it signs nobody in, it only says "this device has signed in here before".
 */
export const DEVICE_TOKEN_TTL_SECONDS = 180 * 24 * 60 * 60;
/** How many accounts' cookies one device keeps; the oldest goes first (a browser keeps ~180 per site). */
export const DEVICE_TOKENS_PER_DEVICE = 10;
const COOKIE_PREFIX = 'sp_device_';
/** Only the sign-in calls read it (and the second step sets it), so no other request carries it. */
const COOKIE_PATH = '/api/auth';
/** Keeps these signatures apart from the sign-in tokens', which use the same keys. */
const CONTEXT = 'stayperks device cookie\0';

export interface DeviceToken {
  username: string;
  nonce: string;
  issuedAt: number;
}

/** The cookie's name for `username`: a digest, so a device's cookies do not list its accounts in plain text. */
export const deviceCookieName = (username: string) =>
  COOKIE_PREFIX +
  createHash('sha256').update('stayperks device\0').update(username.toLowerCase()).digest('hex').slice(0, 20);

const mac = (key: SigningKey, unsigned: string) =>
  createHmac('sha256', key.secret).update(CONTEXT).update(unsigned).digest('base64url');

/** A new token for `username`, signed with the newest key (the single key when the server has no key set). */
export async function issueDeviceToken(
  username: string,
  secret: string,
  now = Math.floor(Date.now() / 1000),
): Promise<string> {
  const key = await newestKeyOf(secret);
  const claims = { u: username.toLowerCase(), n: randomBytes(16).toString('base64url'), iat: now };
  const unsigned = `${key.kid}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${unsigned}.${mac(key, unsigned)}`;
}

/** The token's claims, unverified: only to order a device's cookies by age. */
function claimsOf(token: string): { u?: unknown; n?: unknown; iat?: unknown } | undefined {
  try {
    const claims: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    return claims && typeof claims === 'object' ? claims : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The token's claims when its signature is right (a key the server still verifies with), it is under 180 days old and
 * it names `username`; undefined for a forged, expired, other account's or malformed one (an unknown device).
 */
export async function readDeviceToken(
  token: string,
  username: string,
  secret: string,
  now = Math.floor(Date.now() / 1000),
): Promise<DeviceToken | undefined> {
  const [kid, payload, signature, extra] = token.split('.');
  if (!kid || !payload || !signature || extra !== undefined) return undefined;
  const key = await verifyingKeyOf(secret, kid);
  if (!key) return undefined;
  const expected = Buffer.from(mac(key, `${kid}.${payload}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const { u, n, iat } = claimsOf(token) ?? {};
  if (typeof u !== 'string' || typeof n !== 'string' || typeof iat !== 'number') return undefined;
  if (u !== username.toLowerCase() || iat > now + 60 || now - iat >= DEVICE_TOKEN_TTL_SECONDS) return undefined;
  return { username: u, nonce: n, issuedAt: iat };
}

/** The request's device token for `username`, when it has a valid one (a known device). */
export function knownDevice(c: Context, username: string, secret: string): Promise<DeviceToken | undefined> {
  const token = getCookie(c, deviceCookieName(username));
  return token ? readDeviceToken(token, username, secret) : Promise.resolve(undefined);
}

/**
 * Gives the device a new token for `username` (a new nonce, 180 days again): HttpOnly, SameSite=Strict, only under
 * /api/auth, Secure over HTTPS. When the device already keeps DEVICE_TOKENS_PER_DEVICE other accounts' cookies, the
 * oldest are dropped.
 */
export async function rememberDevice(c: Context, username: string, secret: string, https: boolean): Promise<void> {
  const name = deviceCookieName(username);
  const options = { path: COOKIE_PATH, httpOnly: true, sameSite: 'Strict', secure: https } as const;
  const others = Object.entries(getCookie(c))
    .filter(([cookie]) => cookie.startsWith(COOKIE_PREFIX) && cookie !== name)
    .map(([cookie, token]) => ({ cookie, issuedAt: Number(claimsOf(token)?.iat) || 0 }))
    .sort((a, b) => a.issuedAt - b.issuedAt);
  for (const old of others.slice(0, Math.max(0, others.length - (DEVICE_TOKENS_PER_DEVICE - 1))))
    setCookie(c, old.cookie, '', { ...options, maxAge: 0 });
  setCookie(c, name, await issueDeviceToken(username, secret), { ...options, maxAge: DEVICE_TOKEN_TTL_SECONDS });
}
