import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, coupons, customerScans, offlineRedemptions, users } from '../support/tables';
import { insertStaffLogin } from '../support/factories';
import { addDays, todayIn } from '../../src/shared/dates';
import { isoWeekday } from '../../src/shared/offer-rules';
import { OFFLINE_REASON_TEXT } from '../../src/shared/offline-redemption';
import { OFFLINE_MAX_DAYS } from '../../src/shared/schemas/offline';
import { deleteOfflineRedemptionsBefore } from '../../src/server/modules/coupons/offline-redemptions.service';
import { offlineSyncProof } from '../../src/server/modules/coupons/offline-sync-proof';
import { TEST_JWT_SECRET } from '../support/harness';
import { useMerchantPairTest } from '../support/merchant-pair';
import { insertCouponFor, insertOffer } from '../support/offer-factories';

/**
 * Offline redemption (docs/COUNTER.md "Without a network"): the codes the phone keeps, each queued redemption
 * applied once per nonce at its bounded time, and the ones that need attention, with their reasons.
 */

const { t, today, a, b, offerA, offerB, tokens } = useMerchantPairTest();
const TZ = 'Asia/Kolkata';
const MINUTE = 60_000;

const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE);
const item = (code: string, deviceTime: Date = ago(5), extra: Record<string, unknown> = {}) => ({
  nonce: randomUUID(),
  code,
  device_time: deviceTime.toISOString(),
  ...extra,
});
/** A queue sent by merchant A's phone that last synced at `syncedAt` (with the server's proof of it, as it gives). */
const send = (
  token: string,
  items: unknown[],
  syncedAt: Date = ago(60),
  proof = offlineSyncProof(TEST_JWT_SECRET, a.merchantId, a.userId, syncedAt),
  extra: Record<string, unknown> = {},
) =>
  t.request('POST', '/api/merchant/offline-redemptions', {
    token,
    json: { synced_at: syncedAt.toISOString(), sync_proof: proof, items, ...extra },
  });
const codesOf = (token: string, query = '') => t.request('GET', `/api/merchant/offline-codes${query}`, { token });
const attention = (token: string, query = '') =>
  t.request('GET', `/api/merchant/offline-redemptions${query}`, { token });
const couponRow = async (id: string) => (await t.db.select().from(coupons).where(eq(coupons.id, id)))[0]!;
const newCode = async (offer = offerA, guest = 'Asha Rao') => {
  const { coupon, scan } = await insertCouponFor(t.db, offer);
  await t.db.update(customerScans).set({ customerName: guest }).where(eq(customerScans.id, scan.id));
  return { coupon, scan };
};
const eventsOf = (couponId: string, action: string) =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityId, couponId), eq(auditEvents.action, action)));

describe('GET /api/merchant/offline-codes', () => {
  it("lists the merchant's own pending codes in date, with the offer's rules and the first name only", async () => {
    const ruled = await insertOffer(t.db, {
      merchantId: a.merchantId,
      redeemWeekdays: [1, 2, 3, 4, 5],
      blackoutDates: [{ from: addDays(today, 3), to: addDays(today, 4) }],
      minBill: 500,
    });
    const pending = await newCode(ruled, '  Meera  Nair ');
    const redeemed = await newCode();
    await t.db
      .update(coupons)
      .set({ isRedeemed: true, redeemedAt: new Date() })
      .where(eq(coupons.id, redeemed.coupon.id));
    const cancelled = await newCode();
    await t.db.update(coupons).set({ cancelledAt: new Date() }).where(eq(coupons.id, cancelled.coupon.id));
    const expiredOffer = await insertOffer(t.db, { merchantId: a.merchantId, validityTo: addDays(today, -1) });
    const expired = await newCode(expiredOffer);
    const others = await newCode(offerB);

    const res = await codesOf(a.token);
    expect(res.status).toBe(200);
    expect(res.body.next_cursor).toBeNull();
    expect(res.body.time_zone).toBe(TZ);
    expect(Math.abs(Date.parse(res.body.synced_at) - Date.now())).toBeLessThan(60_000);
    const codes = (res.body.codes as { code: string }[]).map((c) => c.code);
    expect(codes).toEqual([...codes].sort());
    expect(codes).toContain(pending.coupon.code);
    for (const gone of [redeemed, cancelled, expired, others]) expect(codes).not.toContain(gone.coupon.code);
    expect(res.body.codes.find((c: { code: string }) => c.code === pending.coupon.code)).toEqual({
      code: pending.coupon.code,
      offer_name: ruled.offerName,
      validity_to: ruled.validityTo,
      redeem_weekdays: [1, 2, 3, 4, 5],
      blackout_dates: [{ from: addDays(today, 3), to: addDays(today, 4) }],
      min_bill: 500,
      opening_hours: '10:00',
      closing_hours: '22:00',
      first_name: 'Meera',
    });
    // The next page starts after the cursor.
    const after = await codesOf(a.token, `?cursor=${pending.coupon.code}`);
    expect((after.body.codes as { code: string }[]).every((c) => c.code > pending.coupon.code)).toBe(true);
    expect((await codesOf(a.token, '?cursor=not-a-code')).status).toBe(422);
  });

  it('is for merchants only', async () => {
    expect((await codesOf('')).status).toBe(401);
    for (const token of Object.values(tokens)) expect((await codesOf(token)).status).toBe(403);
  });
});

describe('POST /api/merchant/offline-redemptions', () => {
  it("redeems at the phone's time, once per nonce, and counts the undo window from the arrival", async () => {
    const { coupon } = await newCode();
    const queued = item(coupon.code, ago(30), { bill_amount: 640 });
    const res = await send(a.token, [queued]);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual([
      {
        nonce: queued.nonce,
        code: coupon.code,
        status: 'ok',
        reason: null,
        rule: null,
        message: 'Voucher redeemed successfully',
        redeemed_at: queued.device_time,
        received_at: expect.any(String),
      },
    ]);
    const row = await couponRow(coupon.id);
    expect(row.isRedeemed).toBe(true);
    expect(row.redeemedAt!.toISOString()).toBe(queued.device_time);
    expect(row.redeemedBy).toBe(a.userId);
    expect(row.billAmount).toBe(640);
    const [event] = await eventsOf(coupon.id, 'coupon.redeem');
    expect(event!.after).toMatchObject({ offline_nonce: queued.nonce, redeemed_by: a.userId });

    // Sent again (the answer was lost): the same answer, nothing redeemed twice.
    const replay = await send(a.token, [queued]);
    expect(replay.body).toEqual(res.body);
    expect(await eventsOf(coupon.id, 'coupon.redeem')).toHaveLength(1);

    // Redeemed 30 minutes ago by the phone's clock, but arrived just now: still within the undo window.
    const day = await t.request('GET', '/api/merchant/redemptions', { token: a.token });
    const listed = day.body.find((r: { coupon_code: string }) => r.coupon_code === coupon.code);
    if (listed) expect(Date.parse(listed.undo_until)).toBeGreaterThan(Date.now());
    const undo = await t.request('POST', `/api/merchant/redemptions/${coupon.code}/undo`, {
      token: a.token,
      json: { reason: 'Wrong guest' },
    });
    expect(undo.status, undo.text).toBe(200);
  });

  it('applies concurrent replays of one nonce once, all answering the same', async () => {
    const { coupon } = await newCode();
    const queued = item(coupon.code);
    const answers = await Promise.all([1, 2, 3, 4].map(() => send(a.token, [queued])));
    for (const res of answers) {
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual(answers[0]!.body);
    }
    expect(answers[0]!.body[0].status).toBe('ok');
    expect(await eventsOf(coupon.id, 'coupon.redeem')).toHaveLength(1);
    const rows = await t.db.select().from(offlineRedemptions).where(eq(offlineRedemptions.nonce, queued.nonce));
    expect(rows).toHaveLength(1);
  });

  it("bounds the phone's time between its last sync and the arrival", async () => {
    const syncedAt = ago(20);
    const early = await newCode();
    const late = await newCode();
    const res = await send(
      a.token,
      [item(early.coupon.code, ago(300)), item(late.coupon.code, new Date(Date.now() + 120 * MINUTE))],
      syncedAt,
    );
    expect(res.body.map((r: { status: string }) => r.status)).toEqual(['ok', 'ok']);
    expect((await couponRow(early.coupon.id)).redeemedAt!.toISOString()).toBe(syncedAt.toISOString());
    const lateAt = (await couponRow(late.coupon.id)).redeemedAt!;
    expect(lateAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(lateAt.toISOString()).toBe(res.body[1].received_at);

    // A last sync claimed long ago still cannot date a redemption more than OFFLINE_MAX_DAYS back.
    const old = await newCode();
    const claimed = await send(a.token, [item(old.coupon.code, ago(20 * 24 * 60))], ago(30 * 24 * 60));
    const earliest = Date.parse(claimed.body[0].received_at) - OFFLINE_MAX_DAYS * 24 * 60 * MINUTE;
    expect((await couponRow(old.coupon.id)).redeemedAt!.getTime()).toBe(earliest);
  });

  it("believes a last sync only with the server's proof of it: without, a redemption is dated on arrival", async () => {
    // The codes' answer carries the proof of its time, for this merchant only.
    const page = await codesOf(a.token);
    const given = new Date(page.body.synced_at);
    expect(page.body.sync_proof).toBe(offlineSyncProof(TEST_JWT_SECRET, a.merchantId, a.userId, given));
    const proven = await newCode();
    const ok = await send(a.token, [item(proven.coupon.code, ago(-1))], given, page.body.sync_proof);
    expect(ok.body[0].status).toBe('ok');
    // A phone claiming an older sync (to date a redemption back into an ended offer) with no proof, another
    // merchant's proof, another login's or another time's: its redemptions take their arrival time.
    for (const proof of [
      null,
      offlineSyncProof(TEST_JWT_SECRET, b.merchantId, a.userId, ago(600)),
      offlineSyncProof(TEST_JWT_SECRET, a.merchantId, randomUUID(), ago(600)),
      page.body.sync_proof,
    ]) {
      const { coupon } = await newCode();
      const res = await send(a.token, [item(coupon.code, ago(300))], ago(600), proof);
      expect(res.body[0].status).toBe('ok');
      expect((await couponRow(coupon.id)).redeemedAt!.toISOString()).toBe(res.body[0].received_at);
    }
  });

  it('judges the rules on the day of the redemption, not of the arrival', async () => {
    // The offer ended yesterday; redeemed offline yesterday, it arrives today and is applied.
    const yesterday = addDays(today, -1);
    const endedOffer = await insertOffer(t.db, { merchantId: a.merchantId, validityTo: yesterday });
    const { coupon } = await newCode(endedOffer);
    const startOfToday = new Date(`${today}T00:00:00+05:30`);
    const lastEvening = new Date(startOfToday.getTime() - 60 * MINUTE);
    const res = await send(a.token, [item(coupon.code, lastEvening)], new Date(lastEvening.getTime() - MINUTE));
    expect(res.body[0].status, res.text).toBe('ok');
    expect(todayIn(TZ, (await couponRow(coupon.id)).redeemedAt!)).toBe(yesterday);
  });

  it('puts every conflict in "Needs attention" with its reason, and the activity log', async () => {
    const elsewhere = await newCode();
    const online = await t.request('POST', '/api/merchant/redeem-voucher', {
      token: a.token,
      json: { voucher_code: elsewhere.coupon.code },
    });
    expect(online.body.status).toBe('success');
    const cancelled = await newCode();
    await t.db.update(coupons).set({ cancelledAt: new Date() }).where(eq(coupons.id, cancelled.coupon.id));
    const expiredOffer = await insertOffer(t.db, { merchantId: a.merchantId, validityTo: addDays(today, -3) });
    const expired = await newCode(expiredOffer);
    const now = new Date();
    const day = todayIn(TZ, now);
    const otherDays = [1, 2, 3, 4, 5, 6, 7].filter((d) => d !== isoWeekday(day));
    const weekdayOffer = await insertOffer(t.db, { merchantId: a.merchantId, redeemWeekdays: otherDays });
    const weekday = await newCode(weekdayOffer);
    const billOffer = await insertOffer(t.db, { merchantId: a.merchantId, minBill: 500 });
    const lowBill = await newCode(billOffer);
    const noBill = await newCode(billOffer);
    const others = await newCode(offerB);

    const items = [
      item(elsewhere.coupon.code),
      item(cancelled.coupon.code),
      item(expired.coupon.code),
      item(weekday.coupon.code, now),
      item(lowBill.coupon.code, ago(5), { bill_amount: 499 }),
      item(noBill.coupon.code),
      item(others.coupon.code),
      item('ZZZZ2345'),
    ];
    const res = await send(a.token, items, ago(10));
    expect(res.status, res.text).toBe(200);
    const verdicts = res.body.map((r: { status: string; reason: string; rule: string | null }) => [
      r.status,
      r.reason,
      r.rule,
    ]);
    expect(verdicts).toEqual([
      ['needs_attention', 'redeemed_elsewhere', null],
      ['needs_attention', 'cancelled', null],
      ['needs_attention', 'expired', null],
      ['needs_attention', 'not_valid_now', 'weekday'],
      ['needs_attention', 'not_valid_now', 'min_bill'],
      ['needs_attention', 'not_valid_now', 'min_bill'],
      ['needs_attention', 'unknown', null],
      ['needs_attention', 'unknown', null],
    ]);
    expect(res.body[0].message).toBe(OFFLINE_REASON_TEXT.redeemed_elsewhere);
    expect(res.body[4].message).toBe('Minimum bill ₹500');
    // Nothing changed: the one redeemed online stays as it was, the rest pending, merchant B's untouched.
    for (const pending of [cancelled, expired, weekday, lowBill, noBill, others])
      expect((await couponRow(pending.coupon.id)).isRedeemed).toBe(false);
    expect(await eventsOf(elsewhere.coupon.id, 'coupon.redeem')).toHaveLength(1);

    // The merchant's list, newest first, with the login that accepted them.
    const list = await attention(a.token);
    expect(list.status).toBe(200);
    const listed = list.body as { code: string; reason: string; accepted_by: string; nonce: string }[];
    for (const sent of items) expect(listed.map((r) => r.nonce)).toContain(sent.nonce);
    expect(listed.find((r) => r.nonce === items[1]!.nonce)).toEqual({
      nonce: items[1]!.nonce,
      code: cancelled.coupon.code,
      reason: 'cancelled',
      rule: null,
      message: OFFLINE_REASON_TEXT.cancelled,
      device_time: items[1]!.device_time,
      received_at: expect.any(String),
      accepted_by: expect.any(String),
    });
    expect((await attention(b.token)).body).toEqual([]);
    // The back office's activity log has each, with the reason; the unknown codes name no voucher.
    const conflicts = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'coupon.offline_conflict'),
          sql`${auditEvents.after}->>'merchant_id' = ${a.merchantId}`,
        ),
      );
    const nonces = conflicts.map((e) => (e.after as { offline_nonce: string }).offline_nonce);
    for (const sent of items) expect(nonces).toContain(sent.nonce);
    const unknown = conflicts.find((e) => (e.after as { offline_nonce: string }).offline_nonce === items[6]!.nonce)!;
    expect(unknown.entityId).toBeNull();
    expect(unknown.actorId).toBe(a.userId);
  });

  it('pages "Needs attention" with a cursor', async () => {
    const page1 = await attention(a.token);
    expect(page1.headers.get('x-next-cursor')).toBeNull();
    expect((await attention(a.token, '?cursor=nonsense')).status).toBe(422);
  });

  it('refuses other roles, a bad batch, and keeps each nonce to its merchant', async () => {
    const { coupon } = await newCode();
    expect((await send('', [item(coupon.code)])).status).toBe(401);
    for (const token of Object.values(tokens)) expect((await send(token, [item(coupon.code)])).status).toBe(403);
    expect((await send(a.token, [])).status).toBe(422);
    expect((await send(a.token, [{ ...item(coupon.code), nonce: 'x' }])).status).toBe(422);
    expect((await send(a.token, [{ ...item(coupon.code), device_time: 'yesterday' }])).status).toBe(422);
    // Merchant B sending A's code with A's nonce: unknown to B, and A's own redemption with that nonce still applies.
    const queued = item(coupon.code);
    expect((await send(b.token, [queued])).body[0].reason).toBe('unknown');
    expect((await send(a.token, [queued])).body[0].status).toBe('ok');
    expect((await couponRow(coupon.id)).isRedeemed).toBe(true);
  });
});

describe('the login that accepted', () => {
  it("records a queue sent by the next shift's login as redeemed by the one who accepted it, with that login's proof", async () => {
    const cashier = await insertStaffLogin(t.db, a.merchantId, 'cashier');
    const cashierToken = await t.tokenFor(cashier.username, cashier.password);
    // The cashier's phone read the codes (the proof names the cashier), accepted one offline and signed out; the
    // owner signed in on the same phone and its sync sends the cashier's queue.
    const page = await codesOf(cashierToken);
    const syncedAt = new Date(page.body.synced_at);
    expect(page.body.sync_proof).toBe(offlineSyncProof(TEST_JWT_SECRET, a.merchantId, cashier.id, syncedAt));
    const { coupon } = await newCode();
    // Accepted (by the phone's clock) before the sync: dated at the sync, which the cashier's proof makes believed.
    const res = await send(a.token, [item(coupon.code, ago(60))], syncedAt, page.body.sync_proof, {
      accepted_by: cashier.id,
    });
    expect(res.body[0].status).toBe('ok');
    const row = await couponRow(coupon.id);
    expect(row.redeemedBy).toBe(cashier.id);
    expect(row.redeemedAt!.toISOString()).toBe(syncedAt.toISOString());
    const [offline] = await t.db.select().from(offlineRedemptions).where(eq(offlineRedemptions.couponId, coupon.id));
    expect(offline!.acceptedBy).toBe(cashier.id);
    const [event] = await eventsOf(coupon.id, 'coupon.redeem');
    expect(event!.actorUsername).toBe(cashier.username);
  });

  it('records the sender when the named login has no proof here or is not of this shop', async () => {
    const cashier = await insertStaffLogin(t.db, a.merchantId, 'cashier');
    const syncedAt = ago(30);
    // The owner's own proof does not make the cashier the one who accepted; it still dates the owner's redemption.
    const own = await newCode();
    const ownProof = offlineSyncProof(TEST_JWT_SECRET, a.merchantId, a.userId, syncedAt);
    await send(a.token, [item(own.coupon.code, ago(60))], syncedAt, ownProof, { accepted_by: cashier.id });
    expect(await couponRow(own.coupon.id)).toMatchObject({ redeemedBy: a.userId, redeemedAt: syncedAt });
    // A proof for a login that is no login of this merchant proves nothing: the sender's, dated on arrival.
    const outsider = randomUUID();
    const { coupon } = await newCode();
    const res = await send(
      a.token,
      [item(coupon.code, ago(60))],
      syncedAt,
      offlineSyncProof(TEST_JWT_SECRET, a.merchantId, outsider, syncedAt),
      { accepted_by: outsider },
    );
    expect(await couponRow(coupon.id)).toMatchObject({
      redeemedBy: a.userId,
      redeemedAt: new Date(res.body[0].received_at),
    });
    // A removed login's queue, sent later with its proof, is the sender's.
    const removed = await insertStaffLogin(t.db, a.merchantId, 'cashier');
    await t.db.delete(users).where(eq(users.id, removed.id));
    const late = await newCode();
    const removedProof = offlineSyncProof(TEST_JWT_SECRET, a.merchantId, removed.id, syncedAt);
    await send(a.token, [item(late.coupon.code, ago(10))], syncedAt, removedProof, { accepted_by: removed.id });
    expect((await couponRow(late.coupon.id)).redeemedBy).toBe(a.userId);
  });
});

describe('privacy', () => {
  it("erasure deletes the guest's offline redemptions; retention those past their keeping", async () => {
    const { coupon, scan } = await newCode();
    const mobile = `98${String(Date.now()).slice(-8)}`;
    await t.db.update(customerScans).set({ mobileNumber: mobile }).where(eq(customerScans.id, scan.id));
    const queued = item(coupon.code);
    await send(a.token, [queued]);
    const erase = await t.request('POST', '/api/customer-scans/erase', {
      token: tokens.superadmin,
      json: { mobile_number: mobile },
    });
    expect(erase.status, erase.text).toBe(200);
    expect(await t.db.select().from(offlineRedemptions).where(eq(offlineRedemptions.nonce, queued.nonce))).toEqual([]);

    const kept = await newCode();
    const old = item(kept.coupon.code);
    await send(a.token, [old]);
    await t.db
      .update(offlineRedemptions)
      .set({ receivedAt: sql`now() - interval '100 days'` })
      .where(eq(offlineRedemptions.nonce, old.nonce));
    expect(await deleteOfflineRedemptionsBefore(t.db, ago(90 * 24 * 60))).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(offlineRedemptions).where(eq(offlineRedemptions.nonce, old.nonce))).toEqual([]);
  });
});
