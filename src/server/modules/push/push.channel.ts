import webpush from 'web-push';
import type { Db } from '../../db/client';
import type { OutgoingMessage, SendResult } from '../../platform/messaging/messenger';
import type { PushChannel } from '../messages/messages.job';
import {
  deleteSubscription,
  hasSubscription,
  markSent,
  subscriptionsOf,
  type StoredSubscription,
} from './push.service';
import { vapidKeys } from './vapid';

/**
 * Web Push, the first channel for a guest who allowed notifications on the page (docs/PRODUCT.md "Reminders";
 * docs/OPERATING.md "Messages"): free, and the phone shows it even with the page closed. Each message is encrypted
 * for each of the stay's subscriptions (RFC 8291, aes128gcm), signed with the server's VAPID key (RFC 8292) and
 * POSTed to the browser's push service (RFC 8030) with a 12-hour TTL: a reminder a day late says nothing true.
 * Sent when any push service took it (201); a subscription its service calls gone (404, 410) is deleted; 429 and 5xx
 * may pass later. With no subscription left the outbox goes on to the next channel.
 */
export const PUSH_TTL_SECONDS = 12 * 60 * 60;

export interface PushChannelOptions {
  db: Db;
  /** VAPID `sub`: a mailto: or https: contact for the push services (VAPID_SUBJECT). */
  subject: string;
  /** DATA_ENCRYPTION_KEY, which seals the VAPID keys in app_settings (vapid.ts). */
  dataKey?: Buffer;
  /** Tests pass a fetch of their own; defaults to the global one. */
  fetch?: typeof fetch;
  /** A push service call gives up after this long (a retryable failure). */
  timeoutMs?: number;
}

/** What the service worker (public/push-sw.js) reads from a push: the notification and where a tap goes. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  opt_out_url: string;
  /** The "Stop messages" action's words, in the guest's language. */
  stop_label: string;
  tag: string;
}

export const pushPayload = (message: OutgoingMessage): PushPayload => ({
  title: message.params.title ?? 'StayPerks',
  // The sentence without its links (a tap opens `url`); the whole text for a message composed without one.
  body: message.params.body ?? message.params.text ?? '',
  url: message.params.url ?? '',
  opt_out_url: message.params.opt_out_url ?? '',
  stop_label: message.params.stop_label ?? 'Stop messages',
  tag: message.kind,
});

type Delivery = { status: 'sent'; location: string | null } | { status: 'gone' | 'refused' | 'retry'; error: string };

export function pushChannel(options: PushChannelOptions): PushChannel {
  const { db } = options;
  const doFetch = options.fetch ?? fetch;

  async function deliver(subscription: StoredSubscription, payload: string): Promise<Delivery> {
    const keys = await vapidKeys(db, options.dataKey);
    const request = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      payload,
      {
        vapidDetails: { subject: options.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: PUSH_TTL_SECONDS,
        urgency: 'normal',
        contentEncoding: 'aes128gcm',
      },
    );
    let res: Response;
    try {
      res = await doFetch(request.endpoint, {
        method: 'POST',
        headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])),
        body: new Uint8Array(request.body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      return { status: 'retry', error: `push service unreachable: ${error instanceof Error ? error.name : 'error'}` };
    }
    // The body is a push service's explanation at most; read so the connection is freed.
    await res.text().catch(() => '');
    if (res.ok) return { status: 'sent', location: res.headers.get('Location') };
    const error = `push service answered HTTP ${res.status}`;
    if (res.status === 404 || res.status === 410) return { status: 'gone', error };
    if (res.status === 408 || res.status === 429 || res.status >= 500) return { status: 'retry', error };
    return { status: 'refused', error };
  }

  return {
    channel: 'push',
    canSendCodes: false,
    reaches: (scanId) => hasSubscription(db, scanId),
    async send(message: OutgoingMessage): Promise<SendResult> {
      const subscriptions = message.scanId ? await subscriptionsOf(db, message.scanId) : [];
      if (subscriptions.length === 0) return { ok: false, retryable: false, error: 'no push subscription' };
      const payload = JSON.stringify(pushPayload(message));
      let sent: string | undefined;
      let retry = false;
      const errors: string[] = [];
      for (const subscription of subscriptions) {
        const delivery = await deliver(subscription, payload);
        if (delivery.status === 'sent') {
          sent ??= delivery.location ?? `push:${subscription.id}`;
          await markSent(db, subscription.id);
          continue;
        }
        errors.push(delivery.error);
        if (delivery.status === 'gone') await deleteSubscription(db, subscription.id);
        if (delivery.status === 'retry') retry = true;
      }
      if (sent !== undefined) return { ok: true, providerMessageId: sent.slice(0, 300) };
      return { ok: false, retryable: retry, error: [...new Set(errors)].join('; ').slice(0, 300) };
    },
  };
}
