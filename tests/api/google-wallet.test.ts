import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDueMessages } from '../../src/server/modules/messages/messages.job';
import { walletChannel } from '../../src/server/modules/wallet/wallet.channel';
import { walletPasses } from '../../src/server/modules/wallet/table';
import { endOfBusinessDay } from '../../src/server/modules/wallet/wallet.service';
import { createApp } from '../../src/server/platform/app';
import type { Messenger } from '../../src/server/platform/messaging/messenger';
import { outboxChannels } from '../../src/server/platform/outbox';
import {
  startFakeGoogleWallet,
  testServiceAccount,
  verifiedJwt,
  type FakeGoogleWallet,
} from '../support/fake-google-wallet';
import { useTestContext } from '../support';
import { insertCouponFor, insertOffer } from '../support/offer-factories';
import { coupons, customerScans, merchants, messages } from '../support/tables';

/**
 * Google Wallet offer passes (docs/PRODUCT.md "Google Wallet", docs/OPERATING.md "Google Wallet"): the save link is
 * a JWT Google can verify, holding the voucher as an offer object; redeem, undo and erasure queue the pass's state in
 * the outbox for vouchers with a pass only, and the wallet channel sends it to (a local fake of) Google's API.
 */
const account = testServiceAccount();
const env: Record<string, string> = { APP_TIMEZONE: 'Asia/Kolkata' };
let fake: FakeGoogleWallet;
beforeAll(async () => {
  fake = await startFakeGoogleWallet(account);
  Object.assign(env, fake.env);
});
afterAll(async () => {
  await fake.close();
});
// Made after the fake: the context reads `env` in its own beforeAll.
const t = useTestContext({ env });

let merchant: { token: string; merchantId: string };
let superadmin: string;
beforeAll(async () => {
  const login = await t.createMerchantLogin();
  merchant = { token: await t.tokenFor(login.username, login.password), merchantId: login.merchantId! };
  superadmin = await t.tokenAs('superadmin');
});

/** A fresh voucher of a new offer of the signed-in merchant, its guest's number `mobile`. */
async function voucher(mobile = '9876543210') {
  const offer = await insertOffer(t.db, { merchantId: merchant.merchantId });
  const { coupon, scan } = await insertCouponFor(t.db, offer);
  await t.db.update(customerScans).set({ mobileNumber: mobile }).where(eq(customerScans.id, scan.id));
  return { offer, coupon, scan };
}
const saveLink = (couponId: string) => t.request('GET', `/api/coupons/${couponId}/wallet`);
const redeem = async (code: string) => {
  const res = await t.request('POST', '/api/merchant/redeem-voucher', {
    token: merchant.token,
    json: { voucher_code: code },
  });
  expect(res.body.status, res.text).toBe('success');
};
const undo = async (code: string) => {
  const res = await t.request('POST', `/api/merchant/redemptions/${code}/undo`, {
    token: merchant.token,
    json: { reason: 'Tapped the wrong voucher' },
  });
  expect(res.status, res.text).toBe(200);
};
const updatesOf = (couponId: string) =>
  t.db
    .select()
    .from(messages)
    .where(and(eq(messages.kind, 'wallet_update'), eq(messages.subject, couponId)));
/** A refusal: its status and `{detail}`. */
const refused = (res: { status: number; body: unknown; text: string }, status: number, detail: string) => {
  expect(res.status, res.text).toBe(status);
  expect(res.body).toEqual({ detail });
};
const passOf = async (couponId: string) =>
  (await t.db.select().from(walletPasses).where(eq(walletPasses.couponId, couponId)))[0];

/** The provider channel the worker needs; wallet updates never reach it. */
const unused: Messenger = {
  channel: 'log',
  canSendCodes: true,
  send: () => Promise.reject(new Error('a wallet update went to the provider')),
};
let wallet: Messenger;
beforeAll(() => {
  wallet = walletChannel({ db: t.db, wallet: t.config.googleWallet! });
});
const sendDue = () => sendDueMessages({ db: t.db, messenger: unused, wallet, timeZone: t.config.timeZone });

/** The voucher's save link made and saved to the (fake) Wallet, as the guest's tap and Google's page do. */
async function saved(couponId: string) {
  const res = await saveLink(couponId);
  expect(res.status, res.text).toBe(200);
  return fake.save(res.body.save_url as string);
}

describe('GET /api/coupons/{id}/wallet', () => {
  it('answers a save link whose JWT Google can verify, holding the voucher as an offer object', async () => {
    const { offer, coupon } = await voucher();
    const [shop] = await t.db.select().from(merchants).where(eq(merchants.id, merchant.merchantId));
    const res = await saveLink(coupon.id);
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body)).toEqual(['save_url']);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const url = res.body.save_url as string;
    expect(url).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);

    const { header, claims } = verifiedJwt(url.slice('https://pay.google.com/gp/v/save/'.length), account.publicKey);
    expect(header).toEqual({ alg: 'RS256', typ: 'JWT' });
    expect(claims).toMatchObject({
      iss: account.clientEmail,
      aud: 'google',
      typ: 'savetowallet',
      // PUBLIC_URL is unset: the server's own origin.
      origins: ['http://localhost'],
    });
    expect(Math.abs(claims.iat - Date.now() / 1000)).toBeLessThan(60);
    const classId = `${account.issuerId}.${offer.id}`;
    expect(claims.payload.offerClasses).toEqual([
      {
        id: classId,
        issuerName: 'StayPerks',
        provider: shop!.name,
        title: offer.offerName,
        redemptionChannel: 'INSTORE',
        reviewStatus: 'UNDER_REVIEW',
      },
    ]);
    expect(claims.payload.offerObjects).toEqual([
      {
        id: `${account.issuerId}.${coupon.id}`,
        classId,
        state: 'ACTIVE',
        barcode: { type: 'QR_CODE', value: coupon.code, alternateText: coupon.code },
        // The offer's last day, to its end in the business time zone.
        validTimeInterval: { end: { date: `${offer.validityTo}T23:59:59+05:30` } },
        textModulesData: [{ id: 'where', header: 'Where', body: expect.stringContaining(shop!.address) }],
      },
    ]);
    expect(claims.payload.offerObjects[0].textModulesData[0].body).toContain('Open 10:00 – 22:00');

    // Its pass is on record (once, however often the link is made): updates follow from now on.
    expect(await passOf(coupon.id)).toMatchObject({
      objectId: `${account.issuerId}.${coupon.id}`,
      sentState: null,
      sentAt: null,
    });
    expect((await saveLink(coupon.id)).status).toBe(200);
    expect(await t.db.$count(walletPasses, eq(walletPasses.couponId, coupon.id))).toBe(1);
  });

  it('names PUBLIC_URL as the origin when set', async () => {
    const { coupon } = await voucher();
    const app = createApp({
      ...t.deps,
      config: { ...t.config, publicUrl: 'https://stayperks.example' },
      readiness: { ready: true },
    });
    const res = await app.request(`/api/coupons/${coupon.id}/wallet`);
    const { save_url } = (await res.json()) as { save_url: string };
    expect(fake.save(save_url).origins).toEqual(['https://stayperks.example']);
  });

  it('is 404 for an unknown, cancelled or erased voucher and 409 for a redeemed one, and keeps no pass', async () => {
    refused(await saveLink('00000000-0000-4000-8000-000000000000'), 404, 'Coupon not found');
    const cancelled = await voucher();
    await t.db.update(coupons).set({ cancelledAt: new Date() }).where(eq(coupons.id, cancelled.coupon.id));
    refused(await saveLink(cancelled.coupon.id), 404, 'Coupon not found');
    const erased = await voucher();
    await t.db.update(customerScans).set({ anonymisedAt: new Date() }).where(eq(customerScans.id, erased.scan.id));
    refused(await saveLink(erased.coupon.id), 404, 'Coupon not found');
    const used = await voucher();
    await redeem(used.coupon.code);
    refused(await saveLink(used.coupon.id), 409, 'This voucher has already been redeemed');
    const ids = [cancelled, erased, used].map((v) => v.coupon.id);
    expect(await t.db.$count(walletPasses, inArray(walletPasses.couponId, ids))).toBe(0);
  });

  it('is 404 when Wallet is not set up, and GET /api/config says whether it is', async () => {
    const { coupon } = await voucher();
    expect((await t.request('GET', '/api/config')).body.google_wallet).toBe(true);
    const { googleWallet: _off, ...config } = t.config;
    const app = createApp({ ...t.deps, config, readiness: { ready: true } });
    const res = await app.request(`/api/coupons/${coupon.id}/wallet`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: 'Google Wallet is not available' });
    expect(((await (await app.request('/api/config')).json()) as { google_wallet: boolean }).google_wallet).toBe(false);
    expect(await passOf(coupon.id)).toBeUndefined();
  });
});

describe('updates through the outbox', () => {
  it('sends COMPLETED on redemption, ACTIVE on its undo, INACTIVE on erasure, each once', async () => {
    const mobile = '9811122233';
    const { coupon } = await voucher(mobile);
    const objectId = `${account.issuerId}.${coupon.id}`;
    await saved(coupon.id);
    expect(fake.objects.get(objectId)?.state).toBe('ACTIVE');

    await redeem(coupon.code);
    const [queued] = await updatesOf(coupon.id);
    expect(queued).toMatchObject({ status: 'queued', channel: 'wallet', recipient: '', scanId: null });
    expect(queued!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await sendDue()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(fake.objects.get(objectId)?.state).toBe('COMPLETED');
    expect(await passOf(coupon.id)).toMatchObject({ sentState: 'COMPLETED', sentAt: expect.any(Date) });

    await undo(coupon.code);
    expect(await sendDue()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(fake.objects.get(objectId)?.state).toBe('ACTIVE');

    const erase = await t.request('POST', '/api/customer-scans/erase', {
      token: superadmin,
      json: { mobile_number: mobile },
    });
    expect(erase.status, erase.text).toBe(200);
    expect(await sendDue()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(fake.objects.get(objectId)?.state).toBe('INACTIVE');
    expect(await passOf(coupon.id)).toMatchObject({ sentState: 'INACTIVE' });

    const updates = await updatesOf(coupon.id);
    expect(updates.map((u) => u.status)).toEqual(['sent', 'sent', 'sent']);
    expect(fake.patches.filter((p) => p.objectId === objectId).map((p) => p.state)).toEqual([
      'COMPLETED',
      'ACTIVE',
      'INACTIVE',
    ]);
    // Nothing left to send: no second PATCH of any of them.
    expect(await sendDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
  });

  it("queues nothing for a voucher never added to Wallet: its redemption, undo and erasure don't touch the outbox", async () => {
    const mobile = '9822233344';
    const { coupon } = await voucher(mobile);
    const { coupon: other } = await voucher(mobile);
    await redeem(coupon.code);
    await undo(coupon.code);
    await t.request('POST', '/api/customer-scans/erase', { token: superadmin, json: { mobile_number: mobile } });
    expect(await updatesOf(coupon.id)).toEqual([]);
    expect(await updatesOf(other.id)).toEqual([]);
  });

  it('sends the state at send time: updates queued by redeem and undo both send ACTIVE', async () => {
    const { coupon } = await voucher();
    await saved(coupon.id);
    await redeem(coupon.code);
    await undo(coupon.code);
    expect(await sendDue()).toEqual({ sent: 2, retried: 0, failed: 0 });
    const objectId = `${account.issuerId}.${coupon.id}`;
    expect(fake.patches.filter((p) => p.objectId === objectId).map((p) => p.state)).toEqual(['ACTIVE', 'ACTIVE']);
  });

  it('settles quietly when the guest never saved the pass (404), with a note', async () => {
    const { coupon } = await voucher();
    expect((await saveLink(coupon.id)).status).toBe(200);
    await redeem(coupon.code);
    expect(await sendDue()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const [update] = await updatesOf(coupon.id);
    expect(update).toMatchObject({ status: 'sent', providerMessageId: 'not saved to Google Wallet (404)' });
    expect(await passOf(coupon.id)).toMatchObject({ sentState: null });
  });

  it('tries again after a 503 or 429, and uses one access token for every send until it nears its expiry', async () => {
    const tokensBefore = fake.tokenRequests.length;
    const { coupon } = await voucher();
    await saved(coupon.id);
    await redeem(coupon.code);
    fake.fail(503);
    fake.fail(429);
    expect(await sendDue()).toEqual({ sent: 0, retried: 1, failed: 0 });
    const [first] = await updatesOf(coupon.id);
    expect(first).toMatchObject({ status: 'queued', attempts: 1, lastError: 'HTTP 503: Backend Error' });
    const due = () =>
      t.db
        .update(messages)
        .set({ nextAttemptAt: sql`now() - interval '1 second'` })
        .where(eq(messages.subject, coupon.id));
    await due();
    expect(await sendDue()).toEqual({ sent: 0, retried: 1, failed: 0 });
    await due();
    expect(await sendDue()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(fake.objects.get(`${account.issuerId}.${coupon.id}`)?.state).toBe('COMPLETED');
    // This test's channel asked once at most (the file's first send asked for the token it still uses).
    expect(fake.tokenRequests.length - tokensBefore).toBeLessThanOrEqual(1);
    expect(fake.tokenRequests.every((r) => r.ok)).toBe(true);
    expect(fake.patches.every((p) => p.token === fake.patches[0]!.token)).toBe(true);
  });

  it('asks for a new token when Google refuses the one it has (401)', async () => {
    const { coupon } = await voucher();
    await saved(coupon.id);
    await redeem(coupon.code);
    const tokensBefore = fake.tokenRequests.length;
    fake.fail(401);
    expect(await sendDue()).toEqual({ sent: 0, retried: 1, failed: 0 });
    await t.db
      .update(messages)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(messages.subject, coupon.id));
    expect(await sendDue()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(fake.tokenRequests.length - tokensBefore).toBe(1);
  });

  it('is wired into the outbox only when GOOGLE_WALLET_* is set', () => {
    const wiring = { db: t.db, config: t.config, log: () => {}, secret: () => 'x'.repeat(32) };
    expect(outboxChannels(wiring).wallet?.channel).toBe('wallet');
    const { googleWallet: _off, ...config } = t.config;
    expect(outboxChannels({ ...wiring, config }).wallet).toBeUndefined();
  });
});

describe('an offer valid to a day', () => {
  it("runs to that day's last second in the business time zone", () => {
    expect(endOfBusinessDay('2026-12-31', 'Asia/Kolkata')).toBe('2026-12-31T23:59:59+05:30');
    expect(endOfBusinessDay('2026-07-01', 'Europe/London')).toBe('2026-07-01T23:59:59+01:00');
    expect(endOfBusinessDay('2026-12-01', 'Europe/London')).toBe('2026-12-01T23:59:59+00:00');
    expect(endOfBusinessDay('2026-03-29', 'Europe/London')).toBe('2026-03-29T23:59:59+01:00');
    expect(endOfBusinessDay('2026-11-01', 'America/New_York')).toBe('2026-11-01T23:59:59-05:00');
  });
});
