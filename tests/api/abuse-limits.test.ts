import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/server/db/rows';
import { generateVoucherCode } from '../../src/server/platform/lib/codes';
import { addDays } from '../../src/shared/dates';
import { uniqueName, type TestResponse, useTestContext } from '../support';
import { insertSubscribedHotel } from '../support/hotel-factories';
import { businessToday, insertCouponFor, insertOffer } from '../support/offer-factories';

/**
 * Abuse limits (docs/SECURITY.md, "Abuse limits"), counted in PostgreSQL with TEST_DATABASE_URL, else in memory.
 * The app trusts one proxy here, so each request names its own address in X-Forwarded-For.
 */
const t = useTestContext({ env: { TRUST_PROXY: '1' } });

let nextAddress = 1;
/** A fresh address no other request in this file used. */
const freshAddress = () => `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress++ & 255}`;

const login = (address: string, username: string, password: string) =>
  t.request('POST', '/api/auth/login', { json: { username, password }, headers: { 'X-Forwarded-For': address } });

function expect429(res: TestResponse, detail: RegExp, maxSeconds: number) {
  expect(res.status).toBe(429);
  expect(res.body.detail).toMatch(detail);
  const retryAfter = Number(res.headers.get('Retry-After'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
}

// Per account: lockout.test.ts (a lock for unknown devices, never for a device that signed in before).

describe('login: per address across accounts (spraying)', () => {
  it('30 failures from one address on different usernames, then 429 from that address for every unknown device', async () => {
    const sprayer = freshAddress();
    for (let i = 0; i < 30; i++) {
      expect((await login(sprayer, uniqueName(`spray${i}`).replace(/\s+/g, '_'), 'Summer-guess-1')).status).toBe(401);
    }
    const real = await t.createAdminUser('admin');
    expect429(
      await login(sprayer, real.username, real.password),
      /^Too many failed login attempts from this network\. Try again in \d+ minutes?\.$/,
      15 * 60,
    );
    expect((await login(freshAddress(), real.username, real.password)).status).toBe(200);
  });

  it('right passwords from one address (an office) never add up', async () => {
    const office = freshAddress();
    const staff = await Promise.all(Array.from({ length: 5 }, () => t.createAdminUser('manager')));
    for (let round = 0; round < 8; round++) {
      for (const person of staff) expect((await login(office, person.username, person.password)).status).toBe(200);
    }
  });

  it('a wrong current password on PUT /auth/password counts against that login (asvs-small.test.ts)', async () => {
    const user = await t.createMerchantLogin();
    const address = freshAddress();
    const token = (await login(address, user.username, user.password)).body.access_token;
    const change = (current: string) =>
      t.request('PUT', '/api/auth/password', {
        token,
        json: { current_password: current, new_password: 'Brand-new-999x' },
        headers: { 'X-Forwarded-For': address },
      });
    for (let i = 0; i < 10; i++) expect((await change(`not-it-${i}-x`)).status).toBe(400);
    expect429(await change(user.password), /^Too many wrong current passwords\. Try again in/, 15 * 60);
  });
});

describe('guest scan check and submission', () => {
  const check = (hotelId: string, mobile: string, address: string) =>
    t.request('GET', `/api/customer-scans/check/${hotelId}/${mobile}`, { headers: { 'X-Forwarded-For': address } });

  it('the check: 120 per address in 10 minutes', async () => {
    const { hotel } = await insertSubscribedHotel(t.db, { from: businessToday() });
    const address = freshAddress();
    for (let i = 0; i < 120; i++) expect((await check(hotel.id, String(7000000000 + i), address)).status).toBe(200);
    expect429(
      await check(hotel.id, '7100000000', address),
      /^Too many checks from this network\. Please try again in \d+ minutes?\.$/,
      600,
    );
    expect((await check(hotel.id, '7100000000', freshAddress())).status).toBe(200);
  });

  it('the check: 20 per hotel and number in 10 minutes, whatever the address', async () => {
    const { hotel } = await insertSubscribedHotel(t.db, { from: businessToday() });
    for (let i = 0; i < 20; i++) expect((await check(hotel.id, '7200000000', freshAddress())).status).toBe(200);
    expect429(
      await check(hotel.id, '7200000000', freshAddress()),
      /^Too many checks for this mobile number\. Please try again in \d+ minutes?\.$/,
      600,
    );
    expect((await check(hotel.id, '7200000001', freshAddress())).status).toBe(200);
  });

  it('the submission: 10 per hotel and number an hour, whatever the address', async () => {
    const { hotel } = await insertSubscribedHotel(t.db, { from: businessToday() });
    const body = (mobile: string) => ({
      hotel_id: hotel.id,
      customer_name: 'Repeat Guest',
      mobile_number: mobile,
      checkout_date: addDays(businessToday(), 1),
      consent: true,
      selected_offers: ['00000000-0000-4000-8000-000000000000'], // refused, and still counted
    });
    const submit = (mobile: string) =>
      t.request('POST', '/api/customer-scans', { json: body(mobile), headers: { 'X-Forwarded-For': freshAddress() } });
    for (let i = 0; i < 10; i++) expect((await submit('7300000000')).status).toBe(422);
    expect429(
      await submit('7300000000'),
      /^Too many voucher requests for this mobile number\. Please try again in \d+ minutes?\.$/,
      3600,
    );
    expect((await submit('7300000001')).status).toBe(422);
  });

  it('submissions at once are counted together, each once under its own keys; a burst from one address stops at 60', async () => {
    const { hotel } = await insertSubscribedHotel(t.db, { from: businessToday() });
    const body = (mobile: number) => ({
      hotel_id: hotel.id,
      customer_name: 'Busy Hour',
      mobile_number: String(mobile),
      checkout_date: addDays(businessToday(), 1),
      consent: true,
      selected_offers: ['00000000-0000-4000-8000-000000000000'], // refused, and still counted
    });
    const submit = (mobile: number, address: string) =>
      t.request('POST', '/api/customer-scans', { json: body(mobile), headers: { 'X-Forwarded-For': address } });
    // Twelve guests on twelve networks at once: their lookups go to the database in batches (guest-offers.ts), and
    // each address and number is counted once.
    const addresses = Array.from({ length: 12 }, () => freshAddress());
    const results = await Promise.all(addresses.map((address, i) => submit(7400000000 + i, address)));
    expect(results.map((res) => res.status)).toEqual(addresses.map(() => 422));
    if (process.env.TEST_DATABASE_URL) {
      // Counted in PostgreSQL (rate-limit.ts: "<prefix>:<the key's SHA-256, base64url>"): once each.
      const keys = addresses.map(
        (address) => `scan-submit:${createHash('sha256').update(address).digest('base64url')}`,
      );
      const counted = rowsOf<{ key: string; points: number }>(
        await t.db.execute(sql`select key, points from rate_limits where key in ${keys}`),
      );
      expect(counted.map((row) => row.points)).toEqual(keys.map(() => 1));
    }
    // A burst of 65 from one network: each counted (one per batch: a key is never in two at once), 60 let through.
    const address = freshAddress();
    const burst = await Promise.all(Array.from({ length: 65 }, (_, i) => submit(7410000000 + i, address)));
    expect(burst.filter((res) => res.status === 422)).toHaveLength(60);
    for (const res of burst.filter((res) => res.status !== 422))
      expect429(res, /^Too many voucher requests from this network\. Please try again in \d+ minutes?\.$/, 600);
  });
});

describe('wrong voucher codes per merchant', () => {
  const redeem = (token: string, code: string) =>
    t.request('POST', '/api/merchant/redeem-voucher', { token, json: { voucher_code: code } });

  it('30 wrong codes in 10 minutes, then 429 (real codes too) until the window ends; other merchants are not affected', async () => {
    const seller = await t.createMerchantLogin();
    const token = await t.tokenFor(seller.username, seller.password);
    const offer = await insertOffer(t.db, { merchantId: seller.merchantId! });
    const { coupon } = await insertCouponFor(t.db, offer);
    for (let i = 0; i < 30; i++) {
      const res = await redeem(token, i % 3 === 0 ? 'NOT-A-CODE' : generateVoucherCode());
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('invalid');
    }
    expect429(
      await redeem(token, generateVoucherCode()),
      /^Too many wrong voucher codes\. Try again in \d+ minutes?\.$/,
      600,
    );
    expect429(await redeem(token, coupon.code), /^Too many wrong voucher codes/, 600);

    const other = await t.createMerchantLogin();
    const otherToken = await t.tokenFor(other.username, other.password);
    expect((await redeem(otherToken, generateVoucherCode())).body.status).toBe('invalid');
  });

  it('real redemptions never count: 29 wrong codes, 6 real ones (one already redeemed), then the 30th wrong one still answers', async () => {
    const seller = await t.createMerchantLogin();
    const token = await t.tokenFor(seller.username, seller.password);
    const offer = await insertOffer(t.db, { merchantId: seller.merchantId! });
    for (let i = 0; i < 29; i++) expect((await redeem(token, generateVoucherCode())).body.status).toBe('invalid');
    const codes = await Promise.all(
      Array.from({ length: 5 }, async () => (await insertCouponFor(t.db, offer)).coupon.code),
    );
    for (const code of codes) expect((await redeem(token, code)).body.status).toBe('success');
    expect((await redeem(token, codes[0]!)).body.status).toBe('already_redeemed');
    expect((await redeem(token, generateVoucherCode())).body.status).toBe('invalid');
    expect((await redeem(token, generateVoucherCode())).status).toBe(429);
  });
});
