import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { sendDueMessages } from '../../src/server/modules/messages/messages.job';
import { pushChannel } from '../../src/server/modules/push/push.channel';
import { pushSubscriptions } from '../../src/server/modules/push/table';
import { reminderComposers } from '../../src/server/modules/reminders/reminders.compose';
import { createApp } from '../../src/server/platform/app';
import type { Messenger } from '../../src/server/platform/messaging/messenger';
import { addDays } from '../../src/shared/dates';
import { createTestContext, TEST_JWT_SECRET, type TestContext } from '../support';
import { readPush, startFakePush, type FakePushService } from '../support/fake-push';
import { insertSubscribedHotel } from '../support/hotel-factories';
import { insertOne } from '../support/insert-one';
import { businessToday, insertOffer } from '../support/offer-factories';
import { customerScans, messages } from '../support/tables';
import { expect, test } from './support/app';

/**
 * Web Push end to end (docs/PRODUCT.md "Reminders"), at phone size: a guest ticks the reminders box, claims, and taps
 * "Remind me on this phone"; the browser's push subscription is the test's (PushManager stubbed: its endpoint is a
 * local push service, its keys the test's own), so the reminder the outbox sends arrives there, is decrypted as the
 * phone would, and its link opens the stay's vouchers. The server is one of the test's own (the real app and web
 * build on a fresh database), so the test can queue the reminder and run the outbox itself.
 */
const TZ = 'Asia/Kolkata';
let ctx: TestContext;
let server: ServerType;
let origin: string;
let pushService: FakePushService;
let hotelId: string;

test.skip(({ isMobile }) => !isMobile, 'a guest journey: at phone size');

test.beforeAll(async () => {
  ctx = await createTestContext({ env: { APP_TIMEZONE: TZ } });
  const today = businessToday(TZ);
  const location = await ctx.createLocation();
  const type = await ctx.createMerchantType({ name: 'Restaurant' });
  hotelId = (
    await insertSubscribedHotel(ctx.db, {
      from: addDays(today, -30),
      months: 12,
      hotel: { locationId: location.id, name: 'Coral Bay Hotel' },
    })
  ).hotel.id;
  const merchant = await ctx.createMerchant({ locationId: location.id, merchantTypeId: type.id, name: 'Spice Garden' });
  await insertOffer(ctx.db, { merchantId: merchant.id, offerName: 'Dinner for two' });
  const app = createApp({ ...ctx.deps, webDir: process.env.WEB_DIR ?? 'dist/web', readiness: { ready: true } });
  server = await new Promise<ServerType>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  pushService = await startFakePush();
});

test.afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await pushService?.close();
  await ctx?.close();
});

test('a reminder reaches the phone by Web Push and its link opens the stay’s vouchers', async ({ page, context }) => {
  const browser = pushService.browser();
  await context.grantPermissions(['notifications'], { origin });
  // The browser's push service is the test's: subscribe answers a subscription to it, with the test's keys.
  await context.addInitScript((subscription) => {
    const fake = {
      endpoint: subscription.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      getKey: () => null,
      unsubscribe: () => Promise.resolve(true),
      toJSON: () => ({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys }),
    };
    const seen = window as unknown as { subscribedWith?: string };
    PushManager.prototype.subscribe = function (options?: PushSubscriptionOptionsInit) {
      const key = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
      seen.subscribedWith = btoa(String.fromCharCode(...key))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
      return Promise.resolve(fake as unknown as PushSubscription);
    };
    PushManager.prototype.getSubscription = () =>
      Promise.resolve(seen.subscribedWith ? (fake as unknown as PushSubscription) : null);
  }, browser.subscription);

  const mobile = `95${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  await page.goto(`${origin}/scan/${hotelId}`);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Asha Verma');
  await page.getByLabel('Phone Number').fill(mobile);
  await page.getByLabel('Check Out Date').fill(addDays(businessToday(TZ), 2));
  await page.getByRole('checkbox', { name: /I agree to share/ }).check();
  await page.getByRole('checkbox', { name: 'Remind me about my vouchers and ask me for a review' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: /Restaurant/ }).click();
  await page.getByRole('button', { name: 'Select', exact: true }).first().click();
  await page.getByRole('button', { name: 'Confirm 1 Voucher(s)' }).click();
  await expect(page.getByRole('heading', { name: 'Enjoying your stay at Coral Bay Hotel?' })).toBeVisible();
  // The vouchers are saved on the phone: a reload opens them at once (no wait for the rating's countdown).
  await page.reload();
  await expect(page.getByRole('heading', { name: /Congratulations/ })).toBeVisible();
  const code = (await page.locator('.voucher-code').first().textContent())!.trim();
  expect(code).toMatch(/^[A-Z0-9]{8}$/);

  await page.getByRole('button', { name: 'Remind me on this phone' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Reminders will come to this phone' })).toBeVisible();
  const key = (await (await page.request.get(`${origin}/api/push/key`)).json()).public_key;
  expect(await page.evaluate(() => (window as unknown as { subscribedWith?: string }).subscribedWith)).toBe(key);
  const [scan] = await ctx.db.select().from(customerScans).where(eq(customerScans.mobileNumber, mobile));
  expect(scan).toMatchObject({ remindersOptIn: true, language: 'en' });
  const stored = await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.scanId, scan!.id));
  expect(stored.map((row) => [row.endpoint, row.p256dh, row.auth])).toEqual([
    [browser.subscription.endpoint, browser.subscription.keys.p256dh, browser.subscription.keys.auth],
  ]);
  // A reload keeps it said.
  await page.reload();
  await expect(page.getByText('Reminders will come to this phone')).toBeVisible();

  // The check-out morning's reminder, as the reminders job queues it, sent by the outbox at 10:00 with the real
  // composer: push first, the provider never asked.
  await insertOne(ctx.db, messages, {
    subject: scan!.id,
    kind: 'checkout_reminder',
    key: '',
    channel: 'push',
    recipient: mobile,
    params: {},
    scanId: scan!.id,
    hotelId,
  });
  const provider: Messenger & { channel: 'whatsapp' } = {
    channel: 'whatsapp',
    canSendCodes: true,
    send: () => Promise.resolve({ ok: false, retryable: false, error: 'the provider must not be asked' }),
  };
  const pass = await sendDueMessages({
    db: ctx.db,
    messenger: provider,
    push: pushChannel({ db: ctx.db, subject: 'mailto:support@stayperks.in' }),
    composers: reminderComposers({ secret: () => TEST_JWT_SECRET, origin, timeZone: TZ }),
    timeZone: TZ,
    now: () => new Date(`${businessToday(TZ)}T04:30:00Z`),
  });
  expect(pass).toMatchObject({ sent: 1, failed: 0 });
  const [push] = await pushService.waitFor(new URL(browser.subscription.endpoint).pathname);
  const { payload, claims } = readPush(push!, browser);
  expect(claims.aud).toBe(pushService.origin);
  expect(payload).toMatchObject({ tag: 'checkout_reminder', title: expect.stringContaining('1') });
  expect(String(payload.body)).toContain('Asha');
  expect(String(payload.url)).toMatch(new RegExp(`^${origin}/v/[\\w-]+\\.[\\w-]+$`));
  expect(String(payload.opt_out_url)).toMatch(new RegExp(`^${origin}/o/[\\w-]+\\.[\\w-]+$`));

  // The service worker shows it (public/push-sw.js), as the phone would on the push service's delivery: the words,
  // the links, and a Stop messages action.
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: `${origin}/`,
    registrationId: await registrationId,
    data: JSON.stringify(payload),
  });
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        data: n.data as unknown,
        actions: (n as Notification & { actions: { action: string; title: string }[] }).actions.map(
          ({ action, title }) => ({ action, title }),
        ),
      })),
    );
  await expect.poll(shown).toEqual([
    {
      title: payload.title,
      body: payload.body,
      tag: 'checkout_reminder',
      data: { url: payload.url, opt_out_url: payload.opt_out_url },
      actions: [{ action: 'stop', title: 'Stop messages' }],
    },
  ]);

  // The tap opens the link: the stay's vouchers, server-written, with the code; never the number.
  await page.goto(String(payload.url));
  await expect(page.getByRole('heading', { name: 'Hi Asha' })).toBeVisible();
  await expect(page.getByText(code, { exact: true })).toBeVisible();
  await expect(page.getByText('Spice Garden')).toBeVisible();
  expect(await page.content()).not.toContain(mobile);
});
