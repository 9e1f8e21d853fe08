import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, coupons, customerScans, hotelMerchantStats, hotelStats } from '../support/tables';
import {
  BILL_NOT_REDEEMED_MESSAGE,
  COUPON_NOT_FOUND,
  NOT_REDEEMED_MESSAGE,
  UNDO_TOO_LATE_MESSAGE,
} from '../../src/server/modules/coupons/coupons.service';
import { addDays } from '../../src/shared/dates';
import { foldCouponCounts } from '../../src/server/db/folded-counts';
import { BILL_AMOUNT_REQUIRED, REASON_REQUIRED } from '../../src/shared/schemas/counter';
import { NOT_A_CODE_MESSAGE, UNKNOWN_CODE_MESSAGE } from '../../src/shared/schemas/merchant-area';
import { useMerchantPairTest } from '../support/merchant-pair';
import { insertCouponFor } from '../support/offer-factories';

/**
 * The counter after a redemption (docs/COUNTER.md): today's list, undo within 10 minutes with a reason
 * (the merchant's own only; the super admin any, at any time), the bill amount and the figures that follow it.
 */

const { t, today, a, b, offerA, offerB, tokens } = useMerchantPairTest();

/** A fresh coupon of the offer, redeemed through the API by its merchant. */
async function redeemed(offer: { id: string; merchantId: string }, token: string, guest = 'Asha Rao Kumar') {
  const { coupon, scan } = await insertCouponFor(t.db, offer);
  await t.db.update(customerScans).set({ customerName: guest }).where(eq(customerScans.id, scan.id));
  const res = await t.request('POST', '/api/merchant/redeem-voucher', { token, json: { voucher_code: coupon.code } });
  expect(res.body.status, res.text).toBe('success');
  return { coupon, scan };
}

const row = async (id: string) => (await t.db.select().from(coupons).where(eq(coupons.id, id)))[0]!;
const undo = (token: string, code: string, reason: unknown = 'Tapped the wrong voucher') =>
  t.request('POST', `/api/merchant/redemptions/${code}/undo`, { token, json: { reason } });
const adminUndo = (token: string, code: string, reason: unknown = 'Guest complaint, refunded') =>
  t.request('POST', `/api/coupons/${code}/undo`, { token, json: { reason } });
const bill = (token: string, code: string, amount: unknown) =>
  t.request('PUT', `/api/merchant/redemptions/${code}/bill`, { token, json: { bill_amount: amount } });
const todayList = (token: string, query = '') => t.request('GET', `/api/merchant/redemptions${query}`, { token });
const redeemedCount = async (token: string) =>
  (await t.request('GET', '/api/merchant/dashboard', { token })).body.redeemed_vouchers as number;
/** Moves a redemption back in time, as if it had happened `minutes` ago. */
const redeemedMinutesAgo = (id: string, minutes: number) =>
  t.db
    .update(coupons)
    .set({ redeemedAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(coupons.id, id));
async function spendOf(hotelId: string): Promise<number> {
  await foldCouponCounts(t.db);
  const [r] = await t.db
    .select({ spend: sql<string>`coalesce(sum(${hotelStats.spend}), 0)` })
    .from(hotelStats)
    .where(eq(hotelStats.hotelId, hotelId));
  return Number(r!.spend);
}
async function hotelMerchantRedemptions(hotelId: string, merchantId: string): Promise<number> {
  await foldCouponCounts(t.db);
  const [r] = await t.db
    .select({ n: sql<number>`coalesce(sum(${hotelMerchantStats.redemptions}), 0)::int` })
    .from(hotelMerchantStats)
    .where(and(eq(hotelMerchantStats.hotelId, hotelId), eq(hotelMerchantStats.merchantId, merchantId)));
  return r!.n;
}
const auditOf = (couponId: string, action: string) =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityId, couponId), eq(auditEvents.action, action)));

describe('GET /api/merchant/redemptions', () => {
  it("lists today's redemptions at this merchant only, newest first, with the guest's first name", async () => {
    const earlier = await redeemed(offerA, a.token, 'Meera  Nair');
    await redeemedMinutesAgo(earlier.coupon.id, 3);
    const later = await redeemed(offerA, a.token, 'Rahul Verma');
    const other = await redeemed(offerB, b.token);
    const res = await todayList(a.token);
    expect(res.status).toBe(200);
    const codes = (res.body as { coupon_code: string }[]).map((r) => r.coupon_code);
    expect(codes).not.toContain(other.coupon.code);
    expect(codes.indexOf(later.coupon.code)).toBeLessThan(codes.indexOf(earlier.coupon.code));
    const first = res.body.find((r: { coupon_code: string }) => r.coupon_code === later.coupon.code);
    expect(first).toEqual({
      coupon_code: later.coupon.code,
      redeemed_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      customer_first_name: 'Rahul',
      offer_name: offerA.offerName,
      bill_amount: null,
      undo_until: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      override_reason: null,
      redeemed_by: expect.any(String),
    });
    const undoUntil = new Date(first.undo_until).getTime() - new Date(first.redeemed_at).getTime();
    expect(undoUntil).toBe(10 * 60_000);
    expect(
      res.body.find((r: { coupon_code: string }) => r.coupon_code === earlier.coupon.code).customer_first_name,
    ).toBe('Meera');
    // The same day asked by date; another day has none of them.
    expect((await todayList(a.token, `?date=${today}`)).body).toEqual(res.body);
    expect((await todayList(a.token, `?date=${addDays(today, -1)}`)).body).toEqual([]);
  });

  it('says when the undo window has passed (undo_until null), and refuses a bad date', async () => {
    const old = await redeemed(offerA, a.token);
    await redeemedMinutesAgo(old.coupon.id, 11);
    const res = await todayList(a.token);
    // 11 minutes ago may be yesterday just after midnight; then it is yesterday's.
    const listed = res.body.find((r: { coupon_code: string }) => r.coupon_code === old.coupon.code);
    if (listed) expect(listed.undo_until).toBeNull();
    const bad = await todayList(a.token, '?date=2026-02-30');
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toBe('date must be a date as YYYY-MM-DD');
  });

  it('is for merchants only', async () => {
    expect((await todayList('')).status).toBe(401);
    for (const token of Object.values(tokens)) expect((await todayList(token)).status).toBe(403);
  });
});

describe('POST /api/merchant/redemptions/{code}/undo', () => {
  it('within 10 minutes: the coupon is pending again, counts go back, the event keeps who, when and why', async () => {
    const { coupon, scan } = await redeemed(offerA, a.token);
    await bill(a.token, coupon.code, 800);
    const countBefore = await redeemedCount(a.token);
    const pairBefore = await hotelMerchantRedemptions(scan.hotelId, a.merchantId);
    // Typed at the counter: lower case and spaces are fine.
    const res = await undo(a.token, ` ${coupon.code.toLowerCase()} `.replace(/ /g, '%20'));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ coupon_code: coupon.code, is_redeemed: false, redeemed_at: null, bill_amount: null });
    const after = await row(coupon.id);
    expect(after).toMatchObject({ isRedeemed: false, redeemedAt: null, redeemedBy: null, billAmount: null });
    expect(await redeemedCount(a.token)).toBe(countBefore - 1);
    expect(await hotelMerchantRedemptions(scan.hotelId, a.merchantId)).toBe(pairBefore - 1);
    expect(await spendOf(scan.hotelId)).toBe(0);
    const [event] = await auditOf(coupon.id, 'coupon.undo');
    expect(event).toMatchObject({ actorId: a.userId, entity: 'coupon' });
    expect(event!.at).toBeInstanceOf(Date);
    expect(event!.before).toMatchObject({ code: coupon.code, is_redeemed: true, bill_amount: 800 });
    expect(event!.after).toMatchObject({ is_redeemed: false, reason: 'Tapped the wrong voucher' });
    // Gone from today's list, and it can be redeemed again.
    expect((await todayList(a.token)).body.map((r: { coupon_code: string }) => r.coupon_code)).not.toContain(
      coupon.code,
    );
    const again = await t.request('POST', '/api/merchant/redeem-voucher', {
      token: a.token,
      json: { voucher_code: coupon.code },
    });
    expect(again.body.status).toBe('success');
  });

  it('after 10 minutes: refused with 409, nothing changes', async () => {
    const { coupon } = await redeemed(offerA, a.token);
    await redeemedMinutesAgo(coupon.id, 10);
    const res = await undo(a.token, coupon.code);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(UNDO_TOO_LATE_MESSAGE);
    expect((await row(coupon.id)).isRedeemed).toBe(true);
    expect(await auditOf(coupon.id, 'coupon.undo')).toEqual([]);
  });

  it("another merchant's code is 404 as an unknown one; a pending coupon is 409", async () => {
    const { coupon } = await redeemed(offerA, a.token);
    const res = await undo(b.token, coupon.code);
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe(UNKNOWN_CODE_MESSAGE);
    expect((await row(coupon.id)).isRedeemed).toBe(true);

    const pending = (await insertCouponFor(t.db, offerA)).coupon;
    const notRedeemed = await undo(a.token, pending.code);
    expect(notRedeemed.status).toBe(409);
    expect(notRedeemed.body.detail).toBe(NOT_REDEEMED_MESSAGE);
    const unknown = await undo(a.token, 'ZZZZ2345');
    expect(unknown.status).toBe(404);
  });

  it('needs a reason of one short line and a well-formed code', async () => {
    const { coupon } = await redeemed(offerA, a.token);
    const noReason = await t.request('POST', `/api/merchant/redemptions/${coupon.code}/undo`, {
      token: a.token,
      json: {},
    });
    expect(noReason.status).toBe(422);
    expect(noReason.body.detail).toBe(REASON_REQUIRED);
    for (const reason of ['', '   ', null]) {
      const res = await undo(a.token, coupon.code, reason);
      expect(res.status).toBe(422);
      expect(res.body.detail).toBe(REASON_REQUIRED);
    }
    expect((await undo(a.token, coupon.code, 'x'.repeat(201))).body.detail).toBe(
      'Reason must be at most 200 characters',
    );
    expect((await undo(a.token, coupon.code, 'line\u0000break')).status).toBe(422);
    const badCode = await undo(a.token, 'NOT-A-CODE');
    expect(badCode.status).toBe(422);
    expect(badCode.body.detail).toBe(NOT_A_CODE_MESSAGE);
    expect((await row(coupon.id)).isRedeemed).toBe(true);
  });

  it('two undos at once: exactly one wins, the count moves once', async () => {
    const { coupon } = await redeemed(offerA, a.token);
    const countBefore = await redeemedCount(a.token);
    const results = await Promise.all([undo(a.token, coupon.code), undo(a.token, coupon.code)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.detail).toBe(NOT_REDEEMED_MESSAGE);
    expect(await redeemedCount(a.token)).toBe(countBefore - 1);
    expect(await auditOf(coupon.id, 'coupon.undo')).toHaveLength(1);
  });

  it('is for merchants only', async () => {
    const { coupon } = await redeemed(offerA, a.token);
    expect((await undo('', coupon.code)).status).toBe(401);
    for (const token of Object.values(tokens)) expect((await undo(token, coupon.code)).status).toBe(403);
    expect((await row(coupon.id)).isRedeemed).toBe(true);
  });
});

describe('POST /api/coupons/{code}/undo (super admin)', () => {
  it('undoes any merchant’s redemption at any time, with the reason in the event', async () => {
    const { coupon } = await redeemed(offerB, b.token);
    await redeemedMinutesAgo(coupon.id, 60 * 24 * 3);
    const res = await adminUndo(tokens.superadmin, coupon.code);
    expect(res.status, res.text).toBe(200);
    expect(res.body.is_redeemed).toBe(false);
    expect(await row(coupon.id)).toMatchObject({ isRedeemed: false, redeemedAt: null });
    const [event] = await auditOf(coupon.id, 'coupon.undo');
    expect(event!.after).toMatchObject({ reason: 'Guest complaint, refunded' });
    expect(event!.actorUsername).toBeTruthy();

    const twice = await adminUndo(tokens.superadmin, coupon.code);
    expect(twice.status).toBe(409);
    const unknown = await adminUndo(tokens.superadmin, 'ZZZZ2345');
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe(COUPON_NOT_FOUND);
    expect((await adminUndo(tokens.superadmin, coupon.code, '')).body.detail).toBe(REASON_REQUIRED);
  });

  it('is for the super admin only', async () => {
    const { coupon } = await redeemed(offerA, a.token);
    expect((await adminUndo('', coupon.code)).status).toBe(401);
    for (const token of [tokens.admin, tokens.manager, tokens.hotel, a.token])
      expect((await adminUndo(token, coupon.code)).status).toBe(403);
    expect((await row(coupon.id)).isRedeemed).toBe(true);
  });
});

describe('PUT /api/merchant/redemptions/{code}/bill', () => {
  it('stores the bill amount, shows it in My Customers and today’s list, and moves the hotel’s spend', async () => {
    const { coupon, scan } = await redeemed(offerA, a.token);
    const spendBefore = await spendOf(scan.hotelId);
    const res = await bill(a.token, coupon.code, 1250.5);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      coupon_code: coupon.code,
      is_redeemed: true,
      redeemed_at: expect.stringMatching(/T/),
      bill_amount: 1250.5,
    });
    expect((await row(coupon.id)).billAmount).toBe(1250.5);
    expect(await spendOf(scan.hotelId)).toBe(spendBefore + 1250.5);

    const customers = await t.request('GET', '/api/merchant/my-customers', { token: a.token });
    const voucher = customers.body
      .flatMap((c: { redeemed_vouchers: { coupon_code: string }[] }) => c.redeemed_vouchers)
      .find((v: { coupon_code: string }) => v.coupon_code === coupon.code);
    expect(voucher.bill_amount).toBe(1250.5);
    const listed = (await todayList(a.token)).body.find((r: { coupon_code: string }) => r.coupon_code === coupon.code);
    expect(listed.bill_amount).toBe(1250.5);

    // A correction replaces it; the event keeps both values.
    expect((await bill(a.token, coupon.code, 1000)).status).toBe(200);
    expect(await spendOf(scan.hotelId)).toBe(spendBefore + 1000);
    const events = await auditOf(coupon.id, 'coupon.bill_amount');
    expect(
      events.map((e) => [
        (e.before as { bill_amount: unknown }).bill_amount,
        (e.after as { bill_amount: unknown }).bill_amount,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [null, 1250.5],
        [1250.5, 1000],
      ]),
    );
    // Even after the undo window: the bill is often settled later.
    await redeemedMinutesAgo(coupon.id, 30);
    expect((await bill(a.token, coupon.code, 999.99)).status).toBe(200);
    expect(await spendOf(scan.hotelId)).toBe(spendBefore + 999.99);
  });

  it('takes rupees above 0, at most 10,00,000, with at most 2 decimals', async () => {
    const { coupon } = await redeemed(offerA, a.token);
    const cases: [unknown, string][] = [
      [undefined, BILL_AMOUNT_REQUIRED],
      ['500', BILL_AMOUNT_REQUIRED],
      [0, 'Bill amount must be more than 0'],
      [-5, 'Bill amount must be more than 0'],
      [1_000_000.01, 'Bill amount must be at most ₹10,00,000'],
      [12.345, 'Bill amount must have at most 2 decimal places'],
    ];
    for (const [amount, detail] of cases) {
      const res = await bill(a.token, coupon.code, amount);
      expect(res.status, String(amount)).toBe(422);
      expect(res.body.detail).toBe(detail);
    }
    expect((await bill(a.token, coupon.code, 1_000_000)).status).toBe(200);
    expect((await bill(a.token, coupon.code, 0.1 + 0.2)).body.bill_amount).toBe(0.3);
  });

  it("refuses a pending coupon (409) and another merchant's (404)", async () => {
    const pending = (await insertCouponFor(t.db, offerA)).coupon;
    const res = await bill(a.token, pending.code, 100);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(BILL_NOT_REDEEMED_MESSAGE);
    const { coupon } = await redeemed(offerA, a.token);
    const other = await bill(b.token, coupon.code, 100);
    expect(other.status).toBe(404);
    expect(other.body.detail).toBe(UNKNOWN_CODE_MESSAGE);
    expect((await row(coupon.id)).billAmount).toBeNull();
    for (const token of Object.values(tokens)) expect((await bill(token, coupon.code, 100)).status).toBe(403);
  });
});
