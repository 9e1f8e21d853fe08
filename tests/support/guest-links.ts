import { signGuestLink, type GuestLinkPurpose } from '../../src/server/modules/reminders/guest-links';
import { TEST_JWT_SECRET } from './harness';

const DAY_MS = 86_400_000;

/** A guest link (docs/PRODUCT.md "Reminders") signed with the test server's secret, good for `inMs` from now. */
export const guestLink = (purpose: GuestLinkPurpose, scanId: string, inMs = 7 * DAY_MS) =>
  signGuestLink(TEST_JWT_SECRET, purpose, scanId, new Date(Date.now() + inMs));

/** A token altered as someone might: its signature's first byte flipped, or its expiry moved a year on unsigned. */
export function alteredGuestLink(token: string, what: 'signature' | 'expiry' = 'signature'): string {
  const [body, signature] = token.split('.') as [string, string];
  const bytes = Buffer.from(what === 'signature' ? signature : body, 'base64url');
  if (what === 'signature') bytes[0]! ^= 1;
  else bytes.writeUIntBE(bytes.readUIntBE(16, 6) + 365 * 86_400, 16, 6);
  const changed = bytes.toString('base64url');
  return what === 'signature' ? `${body}.${changed}` : `${changed}.${signature}`;
}
