import * as v from 'valibot';
import { GuestLinkToken } from './guest-links';

/**
 * Web Push subscriptions (docs/PRODUCT.md "Reminders"): the inputs of POST and DELETE /push/subscriptions. The guest
 * proves the stay with the vouchers screen's `guest_token`; the subscription is what the browser's PushManager gives.
 */

/**
 * The push services of the browsers that have one (Chrome, Edge, Firefox, Safari, and those built on them). The server
 * POSTs to a subscription's endpoint, so in production it takes only these: an endpoint elsewhere would make the
 * server call an address a guest chose (docs/SECURITY.md "Abuse limits").
 */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
] as const;

export const NOT_A_PUSH_ENDPOINT = "subscription.endpoint must be a browser push service's https address";

/**
 * Whether `endpoint` may receive pushes: https on a known push service; outside production (`anyHost`) also http and
 * any host, so tests run a push service of their own.
 */
export function isPushEndpoint(endpoint: string, anyHost: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (anyHost) return url.protocol === 'https:' || url.protocol === 'http:';
  const host = url.hostname.toLowerCase();
  return url.protocol === 'https:' && PUSH_SERVICE_HOSTS.some((known) => host === known || host.endsWith(`.${known}`));
}

const endpoint = (anyHost: boolean, label: string) =>
  v.pipe(
    v.string(`${label} is required`),
    v.maxLength(2000, `${label} is too long`),
    v.check((url) => isPushEndpoint(url, anyHost), NOT_A_PUSH_ENDPOINT),
  );

/**
 * POST /push/subscriptions. `p256dh` is the browser's P-256 public key (65 bytes, uncompressed: base64url "B…"),
 * `auth` its 16-byte secret (RFC 8291); padding is allowed, as some browsers send it.
 */
export const pushSubscriptionSchema = (anyHost: boolean) =>
  v.object({
    token: GuestLinkToken,
    subscription: v.object(
      {
        endpoint: endpoint(anyHost, 'subscription.endpoint'),
        keys: v.object(
          {
            p256dh: v.pipe(
              v.string('subscription.keys.p256dh is required'),
              v.regex(/^B[\w-]{86}=?$/, 'subscription.keys.p256dh must be a P-256 public key (base64url)'),
            ),
            auth: v.pipe(
              v.string('subscription.keys.auth is required'),
              v.regex(/^[\w-]{22}(==)?$/, 'subscription.keys.auth must be 16 bytes (base64url)'),
            ),
          },
          'subscription.keys must have p256dh and auth',
        ),
      },
      'subscription must be a push subscription',
    ),
  });
export type PushSubscriptionInput = v.InferOutput<ReturnType<typeof pushSubscriptionSchema>>;

/** DELETE /push/subscriptions: this browser stops getting the stay's reminders. */
export const PushUnsubscribeSchema = v.object({
  token: GuestLinkToken,
  endpoint: v.pipe(
    v.string('endpoint is required'),
    v.maxLength(2000, 'endpoint is too long'),
    v.url('endpoint must be a URL'),
  ),
});

/** The refusals of a subscription for a stay that cannot get reminders (409). */
export const PUSH_NEEDS_CONSENT =
  'Reminders were not asked for with these vouchers: tick "Remind me about my vouchers" when you collect them';
export const PUSH_OPTED_OUT = 'Messages about this stay were stopped';
export const PUSH_STAY_GONE = 'This stay is no longer kept';
