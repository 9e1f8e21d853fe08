import * as v from 'valibot';

/**
 * The signed links of a guest's messages (docs/PRODUCT.md "Reminders"): `/v/<token>` (the stay's vouchers) and
 * `/o/<token>` (stop the messages), and the `guest_token` the vouchers screen keeps to subscribe to Web Push. A token
 * is 22 bytes (the scan id and an expiry) and a 16-byte signature, each base64url (server: modules/reminders/
 * guest-links.ts); this checks its shape only, the server its signature and expiry.
 */
export const GUEST_LINK_NOT_VALID = 'This link is not valid';
export const GUEST_LINK_EXPIRED = 'This link has expired';

export const GuestLinkToken = v.pipe(
  v.string('token is required'),
  v.regex(/^[\w-]{30}\.[\w-]{22}$/, GUEST_LINK_NOT_VALID),
);

/** The path of /v/<token> and /o/<token>. */
export const GuestLinkParams = v.object({ token: GuestLinkToken });
