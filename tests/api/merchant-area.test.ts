import { eq } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { coupons, customerScans, merchants, offers } from '../support/tables';
import { generateVoucherCode } from '../../src/server/platform/lib/codes';
import { createLogin } from '../../src/server/modules/users/users.service';
import { MERCHANT_INACTIVE, redeemVoucher } from '../../src/server/areas/merchant-area/merchant-area.service';
import { addDays } from '../../src/shared/dates';
import {
  ALREADY_REDEEMED_MESSAGE,
  NOT_A_CODE_MESSAGE,
  REDEEMED_MESSAGE,
  UNKNOWN_CODE_MESSAGE,
  VOUCHER_CODE_REQUIRED,
} from '../../src/shared/schemas/merchant-area';
import { MAX_IMAGES_MESSAGE, VALIDITY_DATES_REQUIRED } from '../../src/shared/schemas/offers';
import { insertHotel, insertMerchant, uniqueName, type TestContext } from '../support';
import { insertOne } from '../support/insert-one';
import { useMerchantPairTest } from '../support/merchant-pair';
import { fileBody, insertCouponFor, insertOffer, tinyPng } from '../support/offer-factories';

/** Merchant A: the caller in most tests; merchant B: the "other merchant" whose data A must never touch. */
const { t, today, a, b, offerA, offerB, tokens } = useMerchantPairTest();

const redeem = (token: string, voucherCode: unknown) =>
  t.request('POST', '/api/merchant/redeem-voucher', { token, json: { voucher_code: voucherCode } });
const couponRow = async (id: string) => (await t.db.select().from(coupons).where(eq(coupons.id, id)))[0]!;

/** A well-formed code that no coupon has. */
function unusedCode(): string {
  return generateVoucherCode();
}

/** The offer_rules of a voucher whose offer has none (docs/PRODUCT.md "Offer rules"). */
const NO_RULES = { redeem_weekdays: null, blackout_dates: null, min_bill: null, max_party: null, per_guest_days: null };

describe('POST /api/merchant/redeem-voucher', () => {
  it("redeems the merchant's own code once: success with the guest, then already_redeemed with the first time", async () => {
    const { coupon } = await insertCouponFor(t.db, offerA);
    const first = await redeem(a.token, coupon.code);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      status: 'success',
      message: `${REDEEMED_MESSAGE}. Offer: ${offerA.offerName}`,
      customer_name: 'Test Guest',
      coupon_code: coupon.code,
      redeemed_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      offer_rules: NO_RULES,
      override: false,
    });
    const row = await couponRow(coupon.id);
    expect(row.isRedeemed).toBe(true);
    expect(row.redeemedAt!.toISOString()).toBe(first.body.redeemed_at);

    const again = await redeem(a.token, coupon.code);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      status: 'already_redeemed',
      message: ALREADY_REDEEMED_MESSAGE,
      customer_name: 'Test Guest',
      coupon_code: coupon.code,
      redeemed_at: first.body.redeemed_at,
      offer_rules: NO_RULES,
    });
  });

  it('trims and upper-cases what was typed ("  ab3k...  ")', async () => {
    const { coupon } = await insertCouponFor(t.db, offerA);
    const res = await redeem(a.token, `  ${coupon.code.toLowerCase()}  `);
    expect(res.body).toMatchObject({ status: 'success', coupon_code: coupon.code });
    expect((await couponRow(coupon.id)).isRedeemed).toBe(true);
  });

  it('an unknown well-formed code is invalid and names nobody', async () => {
    const code = unusedCode();
    const res = await redeem(a.token, code);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'invalid',
      message: UNKNOWN_CODE_MESSAGE,
      customer_name: null,
      coupon_code: code,
      redeemed_at: null,
      offer_rules: null,
    });
  });

  it('a malformed code is an invalid result (red panel), not a 422', async () => {
    for (const typed of ['ABC', 'ABCDEFG0', 'ABCDEFGI', 'ABCDEFGHJ', 'AB3K-7QP', 'ÄBCDEFGH']) {
      const res = await redeem(a.token, typed);
      expect(res.status, typed).toBe(200);
      expect(res.body, typed).toEqual({
        status: 'invalid',
        message: NOT_A_CODE_MESSAGE,
        customer_name: null,
        coupon_code: typed.toUpperCase(),
        redeemed_at: null,
        offer_rules: null,
      });
    }
  });

  it('an empty or missing code is 422 "Please enter a voucher code"', async () => {
    for (const body of [
      { voucher_code: '' },
      { voucher_code: '    ' },
      {},
      { voucher_code: null },
      { voucher_code: 12345678 },
    ]) {
      const res = await t.request('POST', '/api/merchant/redeem-voucher', { token: a.token, json: body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body).toEqual({ detail: VOUCHER_CODE_REQUIRED });
    }
  });

  it("another merchant's code is invalid for me, stays unredeemed, and its merchant can still redeem it", async () => {
    const { coupon } = await insertCouponFor(t.db, offerB);
    const mine = await redeem(a.token, coupon.code);
    expect(mine.body).toEqual({
      status: 'invalid',
      message: UNKNOWN_CODE_MESSAGE,
      customer_name: null,
      coupon_code: coupon.code,
      redeemed_at: null,
      offer_rules: null,
    });
    const row = await couponRow(coupon.id);
    expect(row.isRedeemed).toBe(false);
    expect(row.redeemedAt).toBeNull();

    // Even once redeemed by its merchant, it stays "invalid" (not "already redeemed") for anyone else.
    expect((await redeem(b.token, coupon.code)).body.status).toBe('success');
    expect((await redeem(a.token, coupon.code)).body).toMatchObject({
      status: 'invalid',
      message: UNKNOWN_CODE_MESSAGE,
      customer_name: null,
      redeemed_at: null,
    });
  });

  it("an expired offer's code is invalid with a message that says so, and is not redeemed", async () => {
    const expired = await insertOffer(t.db, {
      merchantId: a.merchantId,
      validityFrom: addDays(today, -30),
      validityTo: addDays(today, -1),
    });
    const { coupon } = await insertCouponFor(t.db, expired);
    const res = await redeem(a.token, coupon.code);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'invalid',
      coupon_code: coupon.code,
      redeemed_at: null,
      customer_name: 'Test Guest',
    });
    expect(res.body.message).toMatch(/expired on \d{1,2} \w{3} \d{4}/);
    expect((await couponRow(coupon.id)).isRedeemed).toBe(false);
  });

  it('an offer that ends today is still redeemable', async () => {
    const lastDay = await insertOffer(t.db, {
      merchantId: a.merchantId,
      validityFrom: addDays(today, -3),
      validityTo: today,
    });
    const { coupon } = await insertCouponFor(t.db, lastDay);
    expect((await redeem(a.token, coupon.code)).body.status).toBe('success');
  });

  it('25 concurrent redemptions of one code: exactly one success, 24 already_redeemed', async () => {
    // A merchant of its own: the wrong codes the other tests sent for merchant A count against its wrong-code limit
    // (docs/SECURITY.md "Abuse limits").
    const seller = await t.createMerchantLogin();
    const token = await t.tokenFor(seller.username, seller.password);
    const { coupon } = await insertCouponFor(t.db, await insertOffer(t.db, { merchantId: seller.merchantId! }));
    const results = await Promise.all(Array.from({ length: 25 }, () => redeem(token, coupon.code)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const statuses = results.map((r) => r.body.status as string);
    expect(statuses.filter((s) => s === 'success')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'already_redeemed')).toHaveLength(24);
    const winner = results.find((r) => r.body.status === 'success')!;
    const row = await couponRow(coupon.id);
    expect(row.redeemedAt!.toISOString()).toBe(winner.body.redeemed_at);
    for (const r of results) expect(r.body.redeemed_at).toBe(winner.body.redeemed_at);
    console.log(
      `[${t.kind}] 25 concurrent redemptions: ${statuses.filter((s) => s === 'success').length} success, ${statuses.filter((s) => s === 'already_redeemed').length} already_redeemed`,
    );
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'on PostgreSQL, 25 redemptions on 25 open connections at once: exactly one wins',
    async () => {
      // The app's pool has 10 connections; here every attempt has its own, all opened before the race starts.
      const pool = new pg.Pool({ connectionString: t.config.databaseUrl, max: 25 });
      try {
        const clients = await Promise.all(Array.from({ length: 25 }, () => pool.connect()));
        clients.forEach((client) => client.release());
        const db = drizzlePg({ client: pool }) as unknown as Db;
        const { coupon } = await insertCouponFor(t.db, offerA);
        const outcomes = await Promise.all(
          Array.from({ length: 25 }, () =>
            redeemVoucher(db, a.merchantId, { code: coupon.code, billAmount: null, overrideReason: null }, today, {
              actor: { id: null, username: null },
              address: null,
            }),
          ),
        );
        const kinds = outcomes.map((o) => o.kind);
        expect(kinds.filter((k) => k === 'redeemed')).toHaveLength(1);
        expect(kinds.filter((k) => k === 'already_redeemed')).toHaveLength(24);
        console.log(
          `[postgres, 25 connections] ${kinds.filter((k) => k === 'redeemed').length} redeemed, ${kinds.filter((k) => k === 'already_redeemed').length} already_redeemed`,
        );
      } finally {
        await pool.end();
      }
    },
  );
});

describe('GET /api/merchant/dashboard', () => {
  it("counts only the caller's vouchers, in SQL", async () => {
    const login = await t.createMerchantLogin();
    const token = await t.tokenFor(login.username, login.password);
    const empty = await t.request('GET', '/api/merchant/dashboard', { token });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({
      merchant_name: login.merchant.name,
      total_vouchers: 0,
      redeemed_vouchers: 0,
      not_redeemed_vouchers: 0,
    });

    const offer = await insertOffer(t.db, { merchantId: login.merchantId! });
    const issued = [];
    for (let i = 0; i < 3; i++) issued.push((await insertCouponFor(t.db, offer)).coupon);
    await insertCouponFor(t.db, offerB); // someone else's
    expect((await redeem(token, issued[0]!.code)).body.status).toBe('success');

    const res = await t.request('GET', '/api/merchant/dashboard', { token });
    expect(res.body).toEqual({
      merchant_name: login.merchant.name,
      total_vouchers: 3,
      redeemed_vouchers: 1,
      not_redeemed_vouchers: 2,
    });
  });
});

describe('roles and other merchants', () => {
  const endpoints = (id: string): [string, string, unknown?][] => [
    ['GET', '/api/merchant/dashboard'],
    ['POST', '/api/merchant/redeem-voucher', { voucher_code: 'ABCDEFGH' }],
    ['GET', '/api/merchant/my-offers'],
    ['POST', '/api/merchant/my-offers', {}],
    ['PUT', `/api/merchant/my-offers/${id}`, {}],
    ['GET', '/api/merchant/my-customers'],
  ];

  it('every merchant endpoint refuses anonymous callers (401) and other roles (403)', async () => {
    for (const [method, path, json] of endpoints(offerA.id)) {
      const anonymous = await t.request(method, path, { json });
      expect(anonymous.status, `${method} ${path} anonymous`).toBe(401);
      for (const [role, token] of Object.entries(tokens)) {
        const res = await t.request(method, path, { token, json });
        expect(res.status, `${method} ${path} as ${role}`).toBe(403);
        expect(res.body.detail).toEqual(expect.any(String));
      }
    }
  });

  it('a merchant login whose merchant is archived is refused with 403', async () => {
    const merchant = await insertMerchant(t.db);
    const username = uniqueName('archived').replace(/\s+/g, '_').toLowerCase();
    await createLogin(t.db, { username, password: 'Archived-123', userType: 'merchant', merchantId: merchant.id });
    const token = await t.tokenFor(username, 'Archived-123');
    const { coupon } = await insertCouponFor(t.db, await insertOffer(t.db, { merchantId: merchant.id }));
    await t.db.update(merchants).set({ archivedAt: new Date() }).where(eq(merchants.id, merchant.id));
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/merchant/dashboard'],
      ['POST', '/api/merchant/redeem-voucher', { voucher_code: 'ABCDEFGH' }],
      // Its own real code too: the merchant check is part of the redemption's UPDATE, which changes nothing.
      ['POST', '/api/merchant/redeem-voucher', { voucher_code: coupon.code }],
      ['POST', '/api/merchant/redeem-voucher', { voucher_code: 'not a code' }],
      ['GET', '/api/merchant/my-offers'],
      ['GET', '/api/merchant/my-customers'],
    ];
    for (const [method, path, json] of calls) {
      const res = await t.request(method, path, { token, json });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toEqual({ detail: MERCHANT_INACTIVE });
    }
    expect((await t.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]!.isRedeemed).toBe(false);
  });

  it('has no delete', async () => {
    const res = await t.request('DELETE', `/api/merchant/my-offers/${offerA.id}`, { token: a.token });
    expect(res.status).toBe(404);
    expect([403, 404]).toContain((await t.request('DELETE', `/api/offers/${offerA.id}`, { token: a.token })).status);
    expect((await t.db.select().from(offers).where(eq(offers.id, offerA.id)))[0]!.archivedAt).toBeNull();
  });
});

describe('/api/merchant/my-offers', () => {
  const input = (overrides: Record<string, unknown> = {}) => ({
    offer_name: uniqueName('Sunset dinner'),
    offer_type: 'percentage',
    offer_value: 15,
    validity_from: today,
    validity_to: addDays(today, 60),
    opening_hours: '11:00',
    closing_hours: '23:00',
    description: 'Three-course dinner on the terrace',
    terms_conditions: 'One per table',
    is_active: true,
    images: [],
    ...overrides,
  });

  it("lists only the caller's offers that are not archived", async () => {
    const archived = await insertOffer(t.db, { merchantId: a.merchantId, archivedAt: new Date() });
    const res = await t.request('GET', '/api/merchant/my-offers', { token: a.token });
    expect(res.status).toBe(200);
    const ids = res.body.map((o: { id: string }) => o.id);
    expect(ids).toContain(offerA.id);
    expect(ids).not.toContain(offerB.id);
    expect(ids).not.toContain(archived.id);
    for (const offer of res.body) expect(offer.merchant_id).toBe(a.merchantId);
    expect(res.body.find((o: { id: string }) => o.id === offerA.id)).toMatchObject({
      merchant_name: a.merchantName,
      status: 'Active',
      is_expired: false,
    });
  });

  it('creates under the caller, whatever merchant_id the body names', async () => {
    const res = await t.request('POST', '/api/merchant/my-offers', {
      token: a.token,
      json: input({ merchant_id: b.merchantId }),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.merchant_id).toBe(a.merchantId);
    const [row] = await t.db.select().from(offers).where(eq(offers.id, res.body.id));
    expect(row!.merchantId).toBe(a.merchantId);
    const bList = await t.request('GET', '/api/merchant/my-offers', { token: b.token });
    expect(bList.body.map((o: { id: string }) => o.id)).not.toContain(res.body.id);
  });

  it('accepts ISO timestamps for dates and up to 3 uploaded images (a merchant may upload)', async () => {
    const urls: string[] = [];
    for (let i = 0; i < 4; i++) {
      const up = await t.request('POST', '/api/merchants/upload-image', { token: a.token, body: fileBody(tinyPng()) });
      expect(up.status).toBe(201);
      urls.push(up.body.url);
    }
    const tooMany = await t.request('POST', '/api/merchant/my-offers', {
      token: a.token,
      json: input({ images: urls }),
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.detail).toBe(MAX_IMAGES_MESSAGE);

    const res = await t.request('POST', '/api/merchant/my-offers', {
      token: a.token,
      json: input({
        images: urls.slice(0, 3),
        validity_from: `${today}T00:00:00.000Z`,
        validity_to: `${addDays(today, 10)}T00:00:00.000Z`,
      }),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ images: urls.slice(0, 3), validity_from: today, validity_to: addDays(today, 10) });
  });

  it('checks the form rules (docs/PRODUCT.md "Forms and messages")', async () => {
    const noDates = await t.request('POST', '/api/merchant/my-offers', {
      token: a.token,
      json: input({ validity_from: '' }),
    });
    expect(noDates.status).toBe(422);
    expect(noDates.body.detail).toBe(VALIDITY_DATES_REQUIRED);
    const notNumber = await t.request('POST', '/api/merchant/my-offers', {
      token: a.token,
      json: input({ offer_value: 'lots' }),
    });
    expect(notNumber.status).toBe(422);
    expect(notNumber.body.detail).toBe('Offer value must be a number');
  });

  it("edits the caller's offer; another merchant's offer is 404 and untouched", async () => {
    const created = (await t.request('POST', '/api/merchant/my-offers', { token: a.token, json: input() })).body;
    // is_active is the back office's switch (docs/PRODUCT.md "Offer rules", Pause): the merchant's edit keeps it.
    const edited = await t.request('PUT', `/api/merchant/my-offers/${created.id}`, {
      token: a.token,
      json: input({ offer_name: 'Edited name', is_active: false, merchant_id: b.merchantId }),
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({
      id: created.id,
      offer_name: 'Edited name',
      is_active: true,
      status: 'Active',
      merchant_id: a.merchantId,
    });

    const foreign = await t.request('PUT', `/api/merchant/my-offers/${offerB.id}`, {
      token: a.token,
      json: input({ offer_name: 'Hijacked' }),
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ detail: 'Offer not found' });
    const [row] = await t.db.select().from(offers).where(eq(offers.id, offerB.id));
    expect(row!.offerName).toBe(offerB.offerName);

    const missing = await t.request('PUT', '/api/merchant/my-offers/00000000-0000-4000-8000-000000000000', {
      token: a.token,
      json: input(),
    });
    expect(missing.status).toBe(404);
    const badId = await t.request('PUT', '/api/merchant/my-offers/12', { token: a.token, json: input() });
    expect(badId.status).toBe(422);
  });
});

describe('GET /api/merchant/my-customers', () => {
  let login: Awaited<ReturnType<TestContext['createMerchantLogin']>>;
  let token: string;

  /** A scan at `scanDate` with one coupon per entry: [offer, redeemedAt instant or null]. */
  async function scanWith(
    customerName: string,
    scanDate: string,
    vouchers: [typeof offers.$inferSelect, string | null][],
  ) {
    const hotel = await insertHotel(t.db);
    const scan = await insertOne(t.db, customerScans, {
      hotelId: hotel.id,
      customerName,
      mobileNumber: '9000000001',
      checkoutDate: '2026-04-05',
      scanDate: new Date(scanDate),
    });
    const codes: string[] = [];
    for (const [offer, redeemedAt] of vouchers) {
      const code = generateVoucherCode();
      codes.push(code);
      await t.db.insert(coupons).values({
        scanId: scan.id,
        offerId: offer.id,
        merchantId: offer.merchantId,
        code,
        isRedeemed: redeemedAt !== null,
        redeemedAt: redeemedAt ? new Date(redeemedAt) : null,
      });
    }
    return { scan, codes };
  }

  let priya: Awaited<ReturnType<typeof scanWith>>;
  let rahul: Awaited<ReturnType<typeof scanWith>>;
  let sneha: Awaited<ReturnType<typeof scanWith>>;
  let offer1: typeof offers.$inferSelect;
  let offer2: typeof offers.$inferSelect;

  beforeAll(async () => {
    login = await t.createMerchantLogin();
    token = await t.tokenFor(login.username, login.password);
    offer1 = await insertOffer(t.db, { merchantId: login.merchantId!, offerName: 'Free dessert' });
    offer2 = await insertOffer(t.db, { merchantId: login.merchantId!, offerName: '20% off dinner' });
    const other = await insertOffer(t.db, { merchantId: b.merchantId });
    // Times in Asia/Kolkata (UTC+5:30): 2026-03-31T19:00Z is 1 Apr 00:30; 2026-04-01T18:00Z is 1 Apr 23:30; 18:31Z is 2 Apr 00:01.
    priya = await scanWith('Priya Sharma', '2026-03-30T10:00:00Z', [
      [offer1, '2026-03-31T19:00:00Z'],
      [offer2, '2026-04-01T18:00:00Z'],
      [other, '2026-04-03T10:00:00Z'], // another merchant's: never listed here
    ]);
    rahul = await scanWith('Rahul Verma', '2026-03-31T08:00:00Z', [
      [offer1, '2026-04-01T18:31:00Z'],
      [offer2, null], // not redeemed: not listed
    ]);
    sneha = await scanWith('Sneha Patel', '2026-03-20T08:00:00Z', [[offer1, '2026-03-31T18:29:00Z']]); // 31 Mar 23:59 IST
    await scanWith('Only Pending', '2026-03-31T08:00:00Z', [[offer1, null]]);
  });

  it('groups redeemed vouchers per scan, latest redemption first', async () => {
    const res = await t.request('GET', '/api/merchant/my-customers', { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Total-Count')).toBe('3');
    expect(res.body.map((c: { customer_name: string }) => c.customer_name)).toEqual([
      'Rahul Verma',
      'Priya Sharma',
      'Sneha Patel',
    ]);
    expect(res.body[1]).toEqual({
      scan_id: priya.scan.id,
      scan_date: '2026-03-30T10:00:00.000Z',
      customer_name: 'Priya Sharma',
      mobile_number: '90*****001', // masked: only the back office sees whole numbers
      checkout_date: '2026-04-05',
      redeemed_vouchers: [
        {
          coupon_code: priya.codes[1],
          offer_name: '20% off dinner',
          redeemed_at: '2026-04-01T18:00:00.000Z',
          bill_amount: null,
          override_reason: null,
          redeemed_by: null,
        },
        {
          coupon_code: priya.codes[0],
          offer_name: 'Free dessert',
          redeemed_at: '2026-03-31T19:00:00.000Z',
          bill_amount: null,
          override_reason: null,
          redeemed_by: null,
        },
      ],
    });
    expect(res.body[0].redeemed_vouchers).toEqual([
      {
        coupon_code: rahul.codes[0],
        offer_name: 'Free dessert',
        redeemed_at: '2026-04-01T18:31:00.000Z',
        bill_amount: null,
        override_reason: null,
        redeemed_by: null,
      },
    ]);
    expect(res.body[2].redeemed_vouchers.map((v: { coupon_code: string }) => v.coupon_code)).toEqual(sneha.codes);
  });

  it('filters by redemption day in the business zone, To inclusive to the end of its day', async () => {
    const get = (query: string) => t.request('GET', `/api/merchant/my-customers?${query}`, { token });
    const oneDay = await get('from=2026-04-01&to=2026-04-01');
    expect(oneDay.status).toBe(200);
    expect(oneDay.body).toHaveLength(1);
    expect(oneDay.body[0].customer_name).toBe('Priya Sharma');
    expect(oneDay.body[0].redeemed_vouchers.map((v: { coupon_code: string }) => v.coupon_code)).toEqual([
      priya.codes[1],
      priya.codes[0],
    ]);

    expect((await get('to=2026-03-31')).body.map((c: { customer_name: string }) => c.customer_name)).toEqual([
      'Sneha Patel',
    ]);
    expect((await get('from=2026-04-02')).body.map((c: { customer_name: string }) => c.customer_name)).toEqual([
      'Rahul Verma',
    ]);
    expect((await get('from=&to=')).body).toHaveLength(3);
    expect((await get('from=2026-05-01')).body).toEqual([]);

    const backwards = await get('from=2026-04-02&to=2026-04-01');
    expect(backwards.status).toBe(422);
    expect(backwards.body.detail).toBe('The From date must not be after the To date');
    const notADate = await get('from=2026-02-30');
    expect(notADate.status).toBe(422);
    expect(notADate.body.detail).toBe('from must be a date as YYYY-MM-DD');
  });

  it('pages with limit and offset; X-Total-Count is the number of customers', async () => {
    const page = await t.request('GET', '/api/merchant/my-customers?limit=2&offset=1', { token });
    expect(page.headers.get('X-Total-Count')).toBe('3');
    expect(page.body.map((c: { customer_name: string }) => c.customer_name)).toEqual(['Priya Sharma', 'Sneha Patel']);
    expect((await t.request('GET', '/api/merchant/my-customers?limit=0', { token })).status).toBe(422);
  });

  it('pages through many customers whose redemptions interleave: every page in order, none missed or repeated', async () => {
    const merchant = await t.createMerchantLogin();
    const own = await t.tokenFor(merchant.username, merchant.password);
    const [first, second, third] = await Promise.all(
      [0, 1, 2].map(() => insertOffer(t.db, { merchantId: merchant.merchantId! })),
    );
    // Guest i redeems at hour i, and some also at i + 7 and i + 13: the latest decides the place.
    const at = (hour: number) => new Date(Date.UTC(2026, 5, 1, hour)).toISOString();
    for (let i = 0; i < 9; i++) {
      const vouchers: [typeof offers.$inferSelect, string | null][] = [[first!, at(i)]];
      if (i % 2 === 0) vouchers.push([second!, at(i + 7)]);
      if (i % 3 === 0) vouchers.push([third!, at(i + 13)]);
      await scanWith(`Guest ${i}`, '2026-05-30T10:00:00Z', vouchers);
    }
    const names = (res: { body: { customer_name: string }[] }) => res.body.map((c) => c.customer_name);
    const all = await t.request('GET', '/api/merchant/my-customers', { token: own });
    // Latest: 6 (hour 19), 3 (16), 8 (15), 0 (13), 4 (11), 2 (9), 7, 5, 1.
    expect(names(all)).toEqual([6, 3, 8, 0, 4, 2, 7, 5, 1].map((i) => `Guest ${i}`));
    const paged: string[] = [];
    for (let offset = 0; offset < 9; offset += 2) {
      const page = await t.request('GET', `/api/merchant/my-customers?limit=2&offset=${offset}`, { token: own });
      expect(page.headers.get('X-Total-Count')).toBe('9');
      paged.push(...names(page));
    }
    expect(paged).toEqual(names(all));
    expect(all.body[0].redeemed_vouchers.map((v: { redeemed_at: string }) => v.redeemed_at)).toEqual([
      at(19),
      at(13),
      at(6),
    ]);
  });

  it("never shows another merchant's customers", async () => {
    const res = await t.request('GET', '/api/merchant/my-customers', { token: b.token });
    const codes = res.body.flatMap((c: { redeemed_vouchers: { coupon_code: string }[] }) =>
      c.redeemed_vouchers.map((v) => v.coupon_code),
    );
    expect(codes).toContain(priya.codes[2]);
    expect(codes).not.toContain(priya.codes[0]);
    expect(res.body.find((c: { scan_id: string }) => c.scan_id === priya.scan.id).redeemed_vouchers).toHaveLength(1);
  });

  it('a redemption through the API shows up at the top', async () => {
    const { coupon } = await insertCouponFor(t.db, offer2);
    expect((await redeem(token, coupon.code)).body.status).toBe('success');
    const res = await t.request('GET', '/api/merchant/my-customers', { token });
    expect(res.body[0]).toMatchObject({
      customer_name: 'Test Guest',
      redeemed_vouchers: [{ coupon_code: coupon.code, offer_name: '20% off dinner' }],
    });
  });
});
