import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The links in a guest's messages (docs/PRODUCT.md "Reminders"): `/v/<token>` opens the stay's vouchers (first name,
 * merchants, codes, expiry; never the number) and `/o/<token>` stops the messages. A token is the scan id, an expiry
 * and the link's purpose, signed with an HMAC of the server's signing secret: short enough for an SMS (about 50
 * characters), checked without the database, and worthless once expired or altered. Nothing in it is secret but the
 * signature; the scan id alone opens nothing.
 */
export type GuestLinkPurpose = 'vouchers' | 'opt_out';

const PURPOSE_TAG: Record<GuestLinkPurpose, string> = { vouchers: 'v', opt_out: 'o' };
/** 16 bytes of HMAC-SHA256: forging one takes 2^128 tries. */
const SIGNATURE_BYTES = 16;

const hexToBytes = (uuid: string) => Buffer.from(uuid.replace(/-/g, ''), 'hex');
const bytesToUuid = (bytes: Buffer) =>
  bytes.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

function signature(secret: string, purpose: GuestLinkPurpose, body: Buffer): Buffer {
  return createHmac('sha256', `guest-link:${secret}`)
    .update(PURPOSE_TAG[purpose])
    .update(body)
    .digest()
    .subarray(0, SIGNATURE_BYTES);
}

/** A signed token for `scanId`, valid until `expiresAt` (to the second). */
export function signGuestLink(secret: string, purpose: GuestLinkPurpose, scanId: string, expiresAt: Date): string {
  const expiry = Buffer.alloc(6);
  expiry.writeUIntBE(Math.floor(expiresAt.getTime() / 1000), 0, 6);
  const body = Buffer.concat([hexToBytes(scanId), expiry]);
  return `${body.toString('base64url')}.${signature(secret, purpose, body).toString('base64url')}`;
}

/** An expired token still names its scan (its signature held): the expired page speaks the stay's language. */
export type GuestLinkCheck =
  | { ok: true; scanId: string; expiresAt: Date }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'expired'; scanId: string };

/** Reads a token back: its scan, or why not (altered, another purpose's, or past its expiry). */
export function readGuestLink(
  secret: string,
  purpose: GuestLinkPurpose,
  token: string,
  now: Date = new Date(),
): GuestLinkCheck {
  const [bodyText, signatureText, extra] = token.split('.');
  if (!bodyText || !signatureText || extra !== undefined || !/^[\w-]+$/.test(bodyText + signatureText))
    return { ok: false, reason: 'invalid' };
  const body = Buffer.from(bodyText, 'base64url');
  const given = Buffer.from(signatureText, 'base64url');
  if (body.length !== 22 || given.length !== SIGNATURE_BYTES) return { ok: false, reason: 'invalid' };
  if (!timingSafeEqual(signature(secret, purpose, body), given)) return { ok: false, reason: 'invalid' };
  const expiresAt = new Date(body.readUIntBE(16, 6) * 1000);
  const scanId = bytesToUuid(body.subarray(0, 16));
  if (expiresAt <= now) return { ok: false, reason: 'expired', scanId };
  return { ok: true, scanId, expiresAt };
}

/** The page a token opens, on the public address (PUBLIC_URL, else the server's own). */
export const guestLinkUrl = (origin: string, purpose: GuestLinkPurpose, token: string) =>
  `${origin}/${PURPOSE_TAG[purpose]}/${token}`;
