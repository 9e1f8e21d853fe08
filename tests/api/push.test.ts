import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRetention } from '../../src/server/modules/customer-scans/guest-retention.job';
import { sendDueMessages } from '../../src/server/modules/messages/messages.job';
import { pushChannel, PUSH_TTL_SECONDS } from '../../src/server/modules/push/push.channel';
import { pushSubscriptions } from '../../src/server/modules/push/table';
import { VAPID_KEYS_SETTING } from '../../src/server/modules/push/vapid';
import { unseal } from '../../src/server/platform/lib/sealed';
import { signGuestLink } from '../../src/server/modules/reminders/guest-links';
import { alteredGuestLink } from '../support/guest-links';
import { createApp } from '../../src/server/platform/app';
import type { Messenger, OutgoingMessage } from '../../src/server/platform/messaging/messenger';
import { addDays } from '../../src/shared/dates';
import { ERASED_MOBILE, ERASED_NAME } from '../../src/shared/privacy';
import { GUEST_LINK_EXPIRED, GUEST_LINK_NOT_VALID } from '../../src/shared/schemas/guest-links';
import {
  NOT_A_PUSH_ENDPOINT,
  PUSH_NEEDS_CONSENT,
  PUSH_OPTED_OUT,
  PUSH_STAY_GONE,
  pushSubscriptionSchema,
} from '../../src/shared/schemas/push';
import { expectDetail, TEST_JWT_SECRET, useTestContext } from '../support';
import { readPush, startFakePush, type FakeBrowser, type FakePushService } from '../support/fake-push';
import { guestScanRequests } from '../support/guest-scan-requests';
import { insertSubscribedHotel } from '../support/hotel-factories';
import { insertOne } from '../support/insert-one';
import { businessToday, insertOffer } from '../support/offer-factories';
import { appSettings, customerScans, messages } from '../support/tables';

/**
 * Web Push (docs/PRODUCT.md "Reminders"): the VAPID key, a guest's subscription proven by the vouchers screen's
 * guest_token, and the push channel against a local push service that checks each request as a real one would
 * (VAPID JWT, aes128gcm body decrypted with the browser's key). No test reaches the internet.
 */
const TZ = 'Asia/Kolkata';
const t = useTestContext({ env: { APP_TIMEZONE: TZ } });
/** 10:00 in Kolkata: outside quiet hours. */
const DAY = () => new Date(`${businessToday(TZ)}T04:30:00Z`);
let pushService: FakePushService;
let today: string;
let hotelId: string;
let offerIds: string[];
let mobiles = 0;
const nextMobile = () => `93${String(10_000_000 + ++mobiles * 7919).slice(-8)}`;

beforeAll(async () => {
  pushService = await startFakePush();
  today = businessToday(TZ);
  const location = await t.createLocation();
  hotelId = (
    await insertSubscribedHotel(t.db, { from: addDays(today, -30), months: 12, hotel: { locationId: location.id } })
  ).hotel.id;
  const merchantId = (await t.createMerchant({ locationId: location.id })).id;
  offerIds = [];
  for (let i = 0; i < 2; i++) offerIds.push((await insertOffer(t.db, { merchantId, offerName: `Push offer ${i}` })).id);
});
afterAll(() => pushService?.close());

const { submission, submit } = guestScanRequests(t, () => ({ hotelId, offerIds, today }), {
  customerName: 'Meera Iyer',
  nextMobile,
});

/** A guest's claim as the page sends it, reminders asked for unless told: its scan and guest_token. */
async function claim(overrides: Record<string, unknown> = {}): Promise<{ scan_id: string; guest_token: string }> {
  const res = await submit(submission({ reminders_opt_in: true, ...overrides }));
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const subscribe = (token: string, subscription: unknown) =>
  t.request('POST', '/api/push/subscriptions', { json: { token, subscription } });
const subscriptionRows = (scanId: string) =>
  t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.scanId, scanId));

describe('GET /api/push/key', () => {
  it('answers the VAPID public key, made once and kept in app_settings for every server', async () => {
    const first = await t.request('GET', '/api/push/key');
    expect(first.status).toBe(200);
    expect(Object.keys(first.body)).toEqual(['public_key']);
    const key = Buffer.from(first.body.public_key, 'base64url');
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
    const [stored] = await t.db.select().from(appSettings).where(eq(appSettings.key, VAPID_KEYS_SETTING));
    expect(JSON.parse(unseal(stored!.value, undefined)).publicKey).toBe(first.body.public_key);
    // Another server on the same database (a new app, its own memory) answers the same key.
    const other = createApp({ ...t.deps, readiness: { ready: true } });
    const again = await (await other.request('/api/push/key')).json();
    expect(again).toEqual(first.body);
  });
});

describe('POST /api/push/subscriptions', () => {
  it("keeps this browser's subscription for the stay; the same browser again replaces its keys", async () => {
    const stay = await claim();
    const browser = pushService.browser();
    const res = await subscribe(stay.guest_token, browser.subscription);
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({ endpoint: browser.subscription.endpoint });
    const renewed = pushService.browser(new URL(browser.subscription.endpoint).pathname);
    const again = await subscribe(stay.guest_token, renewed.subscription);
    expect(again.status).toBe(200);
    const rows = await subscriptionRows(stay.scan_id);
    expect(rows.map((row) => [row.endpoint, row.p256dh, row.auth])).toEqual([
      [renewed.subscription.endpoint, renewed.subscription.keys.p256dh, renewed.subscription.keys.auth],
    ]);
  });

  it('refuses a body that is not a subscription (422 naming the field), keeping nothing', async () => {
    const stay = await claim();
    const { subscription } = pushService.browser();
    const bad: [unknown, string][] = [
      [{ ...subscription, endpoint: 'ftp://127.0.0.1/push/1' }, NOT_A_PUSH_ENDPOINT],
      [{ ...subscription, endpoint: 'not a url' }, NOT_A_PUSH_ENDPOINT],
      [{ ...subscription, endpoint: `${pushService.origin}/${'x'.repeat(2100)}` }, 'subscription.endpoint is too long'],
      [{ ...subscription, keys: { ...subscription.keys, p256dh: 'A'.repeat(87) } }, 'P-256 public key'],
      [{ ...subscription, keys: { ...subscription.keys, auth: 'short' } }, '16 bytes'],
      [{ endpoint: subscription.endpoint }, 'subscription.keys'],
      ['a string', 'subscription must be a push subscription'],
    ];
    for (const [body, message] of bad) {
      const res = await subscribe(stay.guest_token, body);
      expectDetail(res, 422, JSON.stringify(body).slice(0, 60));
      expect(res.body.detail).toContain(message);
    }
    expectDetail(await t.request('POST', '/api/push/subscriptions', { json: { subscription } }), 422);
    expect(await subscriptionRows(stay.scan_id)).toEqual([]);
  });

  it('refuses a token altered, of another purpose or expired (403), keeping nothing', async () => {
    const stay = await claim();
    const { subscription } = pushService.browser();
    const optOut = signGuestLink(TEST_JWT_SECRET, 'opt_out', stay.scan_id, new Date(Date.now() + 86_400_000));
    const expired = signGuestLink(TEST_JWT_SECRET, 'vouchers', stay.scan_id, new Date(Date.now() - 1000));
    for (const [token, detail] of [
      [alteredGuestLink(stay.guest_token), GUEST_LINK_NOT_VALID],
      [alteredGuestLink(stay.guest_token, 'expiry'), GUEST_LINK_NOT_VALID],
      [optOut, GUEST_LINK_NOT_VALID],
      [expired, GUEST_LINK_EXPIRED],
    ] as const) {
      const res = await subscribe(token, subscription);
      expect(res.status).toBe(403);
      expect(res.body.detail).toBe(detail);
    }
    expect(await subscriptionRows(stay.scan_id)).toEqual([]);
  });

  it('refuses a stay without reminders asked for, opted out or erased (409 saying which), keeping nothing', async () => {
    const { subscription } = pushService.browser();
    const noConsent = await claim({ reminders_opt_in: false });
    const optedOut = await claim();
    await t.db
      .update(customerScans)
      .set({ remindersOptedOutAt: new Date() })
      .where(eq(customerScans.id, optedOut.scan_id));
    const erased = await claim();
    await t.db
      .update(customerScans)
      .set({ anonymisedAt: new Date(), customerName: ERASED_NAME, mobileNumber: ERASED_MOBILE })
      .where(eq(customerScans.id, erased.scan_id));
    for (const [stay, detail] of [
      [noConsent, PUSH_NEEDS_CONSENT],
      [optedOut, PUSH_OPTED_OUT],
      [erased, PUSH_STAY_GONE],
    ] as const) {
      const res = await subscribe(stay.guest_token, subscription);
      expect(res.status, detail).toBe(409);
      expect(res.body.detail).toBe(detail);
      expect(await subscriptionRows(stay.scan_id)).toEqual([]);
    }
  });

  it('in production takes only https endpoints of the browsers’ push services', () => {
    const keys = pushService.browser().subscription.keys;
    const production = pushSubscriptionSchema(false);
    const ok = (endpoint: string) =>
      v.safeParse(production, { token: `${'a'.repeat(30)}.${'b'.repeat(22)}`, subscription: { endpoint, keys } })
        .success;
    expect(ok('https://fcm.googleapis.com/fcm/send/abc:def')).toBe(true);
    expect(ok('https://updates.push.services.mozilla.com/wpush/v2/abc')).toBe(true);
    expect(ok('https://wns2-db5p.notify.windows.com/w/?token=abc')).toBe(true);
    expect(ok('https://web.push.apple.com/QGx1')).toBe(true);
    expect(ok('http://fcm.googleapis.com/fcm/send/abc')).toBe(false);
    expect(ok(`${pushService.origin}/push/1`)).toBe(false);
    expect(ok('https://fcm.googleapis.com.attacker.example/x')).toBe(false);
    expect(ok('https://attacker.example/fcm.googleapis.com')).toBe(false);
    expect(ok('https://user:pw@fcm.googleapis.com/fcm/send/abc')).toBe(false);
    expect(ok('https://169.254.169.254/latest/meta-data')).toBe(false);
  });
});

describe('DELETE /api/push/subscriptions', () => {
  it("removes this browser's subscription of the stay, and only with the stay's token", async () => {
    const stay = await claim();
    const other = await claim();
    const { subscription } = pushService.browser();
    expect((await subscribe(stay.guest_token, subscription)).status).toBe(201);
    const remove = (token: string) =>
      t.request('DELETE', '/api/push/subscriptions', { json: { token, endpoint: subscription.endpoint } });
    expect((await remove(other.guest_token)).body).toEqual({ removed: false });
    expect(await subscriptionRows(stay.scan_id)).toHaveLength(1);
    expect((await remove(stay.guest_token)).body).toEqual({ removed: true });
    expect((await remove(stay.guest_token)).body).toEqual({ removed: false });
    expect(await subscriptionRows(stay.scan_id)).toEqual([]);
  });
});

describe("erasure and retention take a stay's push subscriptions with its personal data", () => {
  it('erasure (POST /customer-scans/erase) deletes them; another guest keeps theirs', async () => {
    const mobile = nextMobile();
    const stay = await claim({ mobile_number: mobile });
    const other = await claim();
    for (const guest of [stay, other])
      expect((await subscribe(guest.guest_token, pushService.browser().subscription)).status).toBe(201);
    const superadmin = await t.tokenAs('superadmin');
    const erased = await t.request('POST', '/api/customer-scans/erase', {
      token: superadmin,
      json: { mobile_number: mobile },
    });
    expect(erased.status).toBe(200);
    expect(await subscriptionRows(stay.scan_id)).toEqual([]);
    expect(await subscriptionRows(other.scan_id)).toHaveLength(1);
  });

  it('the retention run deletes those of the scans it anonymises', async () => {
    const old = await insertOne(t.db, customerScans, {
      hotelId,
      customerName: 'Old Guest',
      mobileNumber: nextMobile(),
      checkoutDate: addDays(today, -200),
      remindersOptIn: true,
    });
    const current = await claim();
    const keys = pushService.browser().subscription;
    await insertOne(t.db, pushSubscriptions, { scanId: old.id, endpoint: keys.endpoint, ...keys.keys });
    expect((await subscribe(current.guest_token, pushService.browser().subscription)).status).toBe(201);
    const run = await runRetention(
      { db: t.db, config: { timeZone: TZ, guestDataRetentionDays: 180 }, serverId: 'push-test' },
      new Date(`${addDays(today, 1)}T00:00:00Z`),
    );
    expect(run.ran).toBe(true);
    expect(await subscriptionRows(old.id)).toEqual([]);
    expect(await subscriptionRows(current.scan_id)).toHaveLength(1);
  });
});

describe('the push channel', () => {
  const channel = (timeoutMs?: number) =>
    pushChannel({ db: t.db, subject: 'mailto:support@stayperks.example', timeoutMs });
  const reminder = (scanId: string): OutgoingMessage => ({
    id: crypto.randomUUID(),
    kind: 'checkout_reminder',
    recipient: '9800000000',
    scanId,
    subject: scanId,
    key: '',
    params: {
      title: 'Your vouchers',
      text: 'Hi Meera, you have 2 unused vouchers. https://stayperks.example/v/x',
      url: 'https://stayperks.example/v/x',
      opt_out_url: 'https://stayperks.example/o/y',
    },
  });
  /** A stay with these browsers subscribed through the API. */
  async function subscribed(...browsers: FakeBrowser[]) {
    const stay = await claim();
    for (const browser of browsers) expect((await subscribe(stay.guest_token, browser.subscription)).status).toBe(201);
    return stay;
  }

  it('reaches only a stay with a subscription', async () => {
    const stay = await claim();
    expect(await channel().reaches(stay.scan_id)).toBe(false);
    await subscribe(stay.guest_token, pushService.browser().subscription);
    expect(await channel().reaches(stay.scan_id)).toBe(true);
  });

  it('POSTs each subscription a VAPID-signed aes128gcm push (TTL 12 h, normal urgency) its browser can decrypt', async () => {
    const phone = pushService.browser();
    const tablet = pushService.browser();
    const stay = await subscribed(phone, tablet);
    const message = reminder(stay.scan_id);
    const result = await channel().send(message);
    expect(result).toMatchObject({ ok: true });
    expect(result.ok && result.providerMessageId).toMatch(new RegExp(`^${pushService.origin}/messages/\\d+$`));
    const key = (await t.request('GET', '/api/push/key')).body.public_key;
    for (const browser of [phone, tablet]) {
      const endpoint = new URL(browser.subscription.endpoint);
      const [push] = await pushService.waitFor(endpoint.pathname);
      expect(push!.method).toBe('POST');
      expect(push!.headers.ttl).toBe(String(PUSH_TTL_SECONDS));
      expect(PUSH_TTL_SECONDS).toBe(43_200);
      expect(push!.headers['content-encoding']).toBe('aes128gcm');
      expect(push!.headers.urgency).toBe('normal');
      expect(push!.headers['content-type']).toBe('application/octet-stream');
      const read = readPush(push!, browser);
      expect(read.publicKey).toBe(key);
      expect(read.claims.aud).toBe(endpoint.origin);
      expect(read.claims.sub).toBe('mailto:support@stayperks.example');
      expect(read.claims.exp * 1000).toBeGreaterThan(Date.now());
      expect(read.claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000);
      expect(read.payload).toEqual({
        title: 'Your vouchers',
        body: message.params.text,
        url: message.params.url,
        opt_out_url: message.params.opt_out_url,
        stop_label: 'Stop messages',
        tag: 'checkout_reminder',
      });
    }
    const rows = await subscriptionRows(stay.scan_id);
    expect(rows.every((row) => row.lastSentAt !== null)).toBe(true);
  });

  it('deletes a subscription its push service calls gone (410, 404); with none left, the next channel', async () => {
    const gone = pushService.browser();
    const forgotten = pushService.browser();
    const alive = pushService.browser();
    pushService.answer(new URL(gone.subscription.endpoint).pathname, 410);
    pushService.answer(new URL(forgotten.subscription.endpoint).pathname, 404);
    const stay = await subscribed(gone, forgotten, alive);
    // One browser took it: sent, and the two gone are removed.
    expect(await channel().send(reminder(stay.scan_id))).toMatchObject({ ok: true });
    expect((await subscriptionRows(stay.scan_id)).map((row) => row.endpoint)).toEqual([alive.subscription.endpoint]);
    // The last one gone too: not sent, not worth retrying here (the outbox tries the next channel), none left.
    pushService.answer(new URL(alive.subscription.endpoint).pathname, 410);
    expect(await channel().send(reminder(stay.scan_id))).toEqual({
      ok: false,
      retryable: false,
      error: 'push service answered HTTP 410',
    });
    expect(await subscriptionRows(stay.scan_id)).toEqual([]);
    expect(await channel().reaches(stay.scan_id)).toBe(false);
    expect(await channel().send(reminder(stay.scan_id))).toEqual({
      ok: false,
      retryable: false,
      error: 'no push subscription',
    });
  });

  it('retries on 429, 5xx and no answer, keeping the subscription; another 4xx is final', async () => {
    for (const [status, retryable] of [
      [429, true],
      [503, true],
      [400, false],
      [413, false],
    ] as const) {
      const browser = pushService.browser();
      pushService.answer(new URL(browser.subscription.endpoint).pathname, status);
      const stay = await subscribed(browser);
      expect(await channel().send(reminder(stay.scan_id)), String(status)).toEqual({
        ok: false,
        retryable,
        error: `push service answered HTTP ${status}`,
      });
      expect(await subscriptionRows(stay.scan_id)).toHaveLength(1);
    }
    // A push service that does not answer at all (nothing listens there).
    const closed = await startFakePush();
    const unreachable = closed.browser();
    await closed.close();
    const stay = await subscribed(unreachable);
    expect(await channel(2_000).send(reminder(stay.scan_id))).toMatchObject({ ok: false, retryable: true });
    expect(await subscriptionRows(stay.scan_id)).toHaveLength(1);
  });

  it('goes first in the outbox for a subscribed guest, and hands over to the provider once the browser is gone', async () => {
    const browser = pushService.browser();
    const stay = await subscribed(browser);
    const provider: OutgoingMessage[] = [];
    const messenger: Messenger & { channel: 'whatsapp' } = {
      channel: 'whatsapp',
      canSendCodes: true,
      send: (message) => {
        provider.push(message);
        return Promise.resolve({ ok: true, providerMessageId: `wa-${message.id}` });
      },
    };
    const queue = (kind: 'checkout_reminder' | 'review_request') =>
      insertOne(t.db, messages, {
        subject: stay.scan_id,
        kind,
        key: '',
        channel: 'push',
        recipient: '9800000001',
        params: {},
        scanId: stay.scan_id,
        hotelId,
      });
    const outbox = {
      db: t.db,
      messenger,
      push: pushChannel({ db: t.db, subject: 'mailto:support@stayperks.example' }),
      composers: {
        checkout_reminder: () => Promise.resolve({ params: reminder(stay.scan_id).params }),
        review_request: () => Promise.resolve({ params: { ...reminder(stay.scan_id).params, title: 'Review' } }),
      },
      timeZone: TZ,
      now: DAY,
    };
    const first = await queue('checkout_reminder');
    expect(await sendDueMessages(outbox)).toMatchObject({ sent: 1 });
    const [pushed] = await pushService.waitFor(new URL(browser.subscription.endpoint).pathname);
    expect(readPush(pushed!, browser).payload).toMatchObject({
      tag: 'checkout_reminder',
      url: reminder('').params.url,
    });
    expect(provider).toEqual([]);
    const [sent] = await t.db.select().from(messages).where(eq(messages.id, first.id));
    expect(sent).toMatchObject({ status: 'sent', channel: 'push', params: {} });

    // The browser unsubscribed (410): the subscription goes, and the provider sends the next message.
    pushService.answer(new URL(browser.subscription.endpoint).pathname, 410);
    const second = await queue('review_request');
    await sendDueMessages(outbox);
    await sendDueMessages(outbox);
    const [handed] = await t.db.select().from(messages).where(eq(messages.id, second.id));
    expect(handed).toMatchObject({ status: 'sent', channel: 'whatsapp' });
    expect(provider.map((message) => message.kind)).toEqual(['review_request']);
    expect(await subscriptionRows(stay.scan_id)).toEqual([]);
  });
});
