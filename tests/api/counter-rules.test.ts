import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, coupons, hotelStats, offers } from '../support/tables';
import { addDays } from '../../src/shared/dates';
import { foldCouponCounts } from '../../src/server/db/folded-counts';
import { formatDate } from '../../src/shared/format';
import { describeOfferRules, isoWeekday, ISO_WEEKDAYS, weekdaysRuleText } from '../../src/shared/offer-rules';
import {
  ALREADY_REDEEMED_MESSAGE,
  CANCELLED_MESSAGE,
  UNKNOWN_CODE_MESSAGE,
} from '../../src/shared/schemas/merchant-area';
import { WRONG_CODES_PER_WINDOW } from '../../src/server/areas/merchant-area/wrong-code-limit';
import { RedemptionView } from '../../src/server/areas/merchant-area/merchant-area.presenter';
import { useMerchantPairTest } from '../support/merchant-pair';
import { pdfText } from '../support/pdf-text';
import { insertCouponFor, insertOffer, type NewOfferRow } from '../support/offer-factories';
import * as v from 'valibot';

/**
 * docs/COUNTER.md "Offer rules at the counter": a voucher redeemed outside its offer's weekdays or on a blackout date
 * is `not_valid_now` naming the rule; with a minimum bill the counter sends the bill (`bill_required` without it,
 * `not_valid_now` below it, redeemed and recorded at or above it); "Redeem anyway" with a reason passes over a
 * `not_valid_now` rule and marks the redemption (coupon, audit trail, Today at this counter, My Customers, its export,
 * Customer Scans) until an undo clears it. The business day is Asia/Kolkata's (useMerchantPairTest).
 */

const { t, today, a, b, tokens } = useMerchantPairTest();

/** Every weekday but today's (business zone): the offer cannot be redeemed today. */
const notToday = ISO_WEEKDAYS.filter((day) => day !== isoWeekday(today));

/** A fresh offer of merchant A with these rules, and a pending voucher of it. */
async function voucherWith(rules: NewOfferRow) {
  const offer = await insertOffer(t.db, { merchantId: a.merchantId, ...rules });
  const { coupon, scan } = await insertCouponFor(t.db, offer);
  return { offer, coupon, scan };
}

const redeem = (code: string, extra: { bill_amount?: number; override_reason?: string } = {}, token = a.token) =>
  t.request('POST', '/api/merchant/redeem-voucher', { token, json: { voucher_code: code, ...extra } });
const row = async (id: string) => (await t.db.select().from(coupons).where(eq(coupons.id, id)))[0]!;
const eventsOf = (couponId: string) =>
  t.db.select().from(auditEvents).where(eq(auditEvents.entityId, couponId)).orderBy(auditEvents.action);
const actionsOf = async (couponId: string) => (await eventsOf(couponId)).map((e) => e.action).sort();
async function spendOf(hotelId: string): Promise<number> {
  await foldCouponCounts(t.db);
  const [r] = await t.db
    .select({ spend: sql<string>`coalesce(sum(${hotelStats.spend}), 0)` })
    .from(hotelStats)
    .where(eq(hotelStats.hotelId, hotelId));
  return Number(r!.spend);
}
/** The answer is a RedemptionResult as the API describes it (strict: no field more or less). */
const described = (body: unknown) => expect(v.safeParse(RedemptionView, body).issues).toBeUndefined();

const PENDING = { isRedeemed: false, redeemedAt: null, redeemedBy: null, billAmount: null, overrideReason: null };

describe('not_valid_now: the day', () => {
  it('outside its weekdays: the rule named, the rules shown, nothing redeemed or recorded', async () => {
    const { coupon } = await voucherWith({ redeemWeekdays: notToday });
    const res = await redeem(coupon.code);
    expect(res.status).toBe(200);
    described(res.body);
    expect(res.body).toEqual({
      status: 'not_valid_now',
      rule: 'weekday',
      message: weekdaysRuleText(notToday),
      coupon_code: coupon.code,
      customer_name: 'Test Guest',
      redeemed_at: null,
      offer_rules: {
        redeem_weekdays: notToday,
        blackout_dates: null,
        min_bill: null,
        max_party: null,
        per_guest_days: null,
      },
    });
    expect(await row(coupon.id)).toMatchObject(PENDING);
    expect(await eventsOf(coupon.id)).toEqual([]);
  });

  it('on a blackout date: one day or a range', async () => {
    const oneDay = await voucherWith({ blackoutDates: [{ from: today, to: today }] });
    let res = await redeem(oneDay.coupon.code);
    expect(res.body).toMatchObject({
      status: 'not_valid_now',
      rule: 'blackout',
      message: `Not valid on ${formatDate(today)}`,
    });
    const range = { from: addDays(today, -1), to: addDays(today, 2) };
    const festival = await voucherWith({ blackoutDates: [{ from: addDays(today, 5), to: addDays(today, 6) }, range] });
    res = await redeem(festival.coupon.code);
    described(res.body);
    expect(res.body).toMatchObject({
      status: 'not_valid_now',
      rule: 'blackout',
      message: `Not valid from ${formatDate(range.from)} to ${formatDate(range.to)}`,
    });
    expect(await row(festival.coupon.id)).toMatchObject(PENDING);
  });

  it('redeems on one of its weekdays, outside its blackout dates', async () => {
    const { coupon } = await voucherWith({
      redeemWeekdays: [isoWeekday(today)],
      blackoutDates: [{ from: addDays(today, 1), to: addDays(today, 3) }],
    });
    const res = await redeem(coupon.code);
    expect(res.body).toMatchObject({ status: 'success', override: false });
    expect(await actionsOf(coupon.id)).toEqual(['coupon.redeem']);
  });
});

describe('the minimum bill', () => {
  it('without a bill: bill_required with the minimum, nothing redeemed', async () => {
    const { coupon } = await voucherWith({ minBill: 500 });
    const res = await redeem(coupon.code);
    described(res.body);
    expect(res.body).toMatchObject({
      status: 'bill_required',
      message: 'Enter the bill amount (minimum bill ₹500)',
      min_bill: 500,
      customer_name: 'Test Guest',
      redeemed_at: null,
      offer_rules: { min_bill: 500 },
    });
    expect(await row(coupon.id)).toMatchObject(PENDING);
  });

  it('a bill below it: not_valid_now "Minimum bill ₹500"', async () => {
    const { coupon } = await voucherWith({ minBill: 500 });
    const res = await redeem(coupon.code, { bill_amount: 499.99 });
    described(res.body);
    expect(res.body).toMatchObject({ status: 'not_valid_now', rule: 'min_bill', message: 'Minimum bill ₹500' });
    expect(await row(coupon.id)).toMatchObject(PENDING);
    expect(await eventsOf(coupon.id)).toEqual([]);
  });

  it('a bill at it redeems and records the bill: spend, Today at this counter, the bill event', async () => {
    const { coupon, scan } = await voucherWith({ minBill: 500 });
    const res = await redeem(coupon.code, { bill_amount: 500 });
    described(res.body);
    expect(res.body).toMatchObject({ status: 'success', override: false, offer_rules: { min_bill: 500 } });
    expect(await row(coupon.id)).toMatchObject({ isRedeemed: true, billAmount: 500, overrideReason: null });
    expect(await spendOf(scan.hotelId)).toBe(500);
    expect(await actionsOf(coupon.id)).toEqual(['coupon.bill_amount', 'coupon.redeem']);
    const billEvent = (await eventsOf(coupon.id)).find((e) => e.action === 'coupon.bill_amount')!;
    expect(billEvent).toMatchObject({
      actorId: a.userId,
      before: { code: coupon.code, bill_amount: null },
      after: { code: coupon.code, bill_amount: 500 },
    });
    const list = await t.request('GET', '/api/merchant/redemptions', { token: a.token });
    expect(list.body.find((r: { coupon_code: string }) => r.coupon_code === coupon.code)).toMatchObject({
      bill_amount: 500,
      override_reason: null,
    });
  });

  it('a bill sent for an offer without a minimum is recorded too', async () => {
    const { coupon, scan } = await voucherWith({});
    expect((await redeem(coupon.code, { bill_amount: 1234.5 })).body.status).toBe('success');
    expect(await row(coupon.id)).toMatchObject({ isRedeemed: true, billAmount: 1234.5 });
    expect(await spendOf(scan.hotelId)).toBe(1234.5);
  });
});

describe('Redeem anyway (override_reason)', () => {
  const REASON = 'Manager approved: regular guest';

  it('passes over the weekday: marked on the coupon, in the audit trail, the day list, My Customers and its export', async () => {
    const { coupon, scan } = await voucherWith({ redeemWeekdays: notToday });
    const res = await redeem(coupon.code, { override_reason: `  ${REASON} ` });
    described(res.body);
    expect(res.body).toMatchObject({
      status: 'success',
      override: true,
      coupon_code: coupon.code,
      customer_name: 'Test Guest',
      offer_rules: { redeem_weekdays: notToday },
    });
    expect(await row(coupon.id)).toMatchObject({ isRedeemed: true, redeemedBy: a.userId, overrideReason: REASON });
    // One redemption event, the override's, naming the reason and the rule; no plain coupon.redeem.
    expect(await actionsOf(coupon.id)).toEqual(['coupon.redeem_override']);
    const [event] = await eventsOf(coupon.id);
    expect(event).toMatchObject({
      actorId: a.userId,
      entity: 'coupon',
      before: { code: coupon.code, is_redeemed: false },
      after: { code: coupon.code, is_redeemed: true, override_reason: REASON, override_rule: 'weekday' },
    });
    const trail = await t.request(
      'GET',
      `/api/audit-events?action=coupon.redeem_override&entity=coupon&entity_id=${coupon.id}`,
      {
        token: tokens.superadmin,
      },
    );
    expect(trail.status, trail.text).toBe(200);
    expect(trail.body).toHaveLength(1);

    const day = await t.request('GET', '/api/merchant/redemptions', { token: a.token });
    expect(day.body.find((r: { coupon_code: string }) => r.coupon_code === coupon.code)).toMatchObject({
      override_reason: REASON,
    });
    const customers = await t.request('GET', '/api/merchant/my-customers', { token: a.token });
    const voucher = customers.body
      .flatMap((c: { redeemed_vouchers: { coupon_code: string }[] }) => c.redeemed_vouchers)
      .find((r: { coupon_code: string }) => r.coupon_code === coupon.code);
    expect(voucher).toMatchObject({ override_reason: REASON });
    const csv = await t.request('GET', '/api/merchant/my-customers/export', { token: a.token });
    const line = csv.text.split('\r\n').find((l) => l.includes(coupon.code));
    expect(line).toMatch(new RegExp(`,${REASON}$`));

    // Customer Scans shows it on the coupon (the super admin's list).
    const scans = await t.request('GET', `/api/customer-scans?hotel_id=${scan.hotelId}`, { token: tokens.superadmin });
    expect(scans.status, scans.text).toBe(200);
    expect(scans.body[0].coupons[0]).toMatchObject({ coupon_code: coupon.code, override_reason: REASON });
  });

  it('passes over a blackout date and a bill below the minimum (the bill is recorded)', async () => {
    const blackout = await voucherWith({ blackoutDates: [{ from: today, to: today }] });
    expect((await redeem(blackout.coupon.code, { override_reason: REASON })).body).toMatchObject({
      status: 'success',
      override: true,
    });
    expect((await eventsOf(blackout.coupon.id))[0]!.after).toMatchObject({ override_rule: 'blackout' });

    const { coupon, scan } = await voucherWith({ minBill: 500 });
    const res = await redeem(coupon.code, { bill_amount: 300, override_reason: REASON });
    expect(res.body).toMatchObject({ status: 'success', override: true });
    expect(await row(coupon.id)).toMatchObject({ isRedeemed: true, billAmount: 300, overrideReason: REASON });
    expect(await spendOf(scan.hotelId)).toBe(300);
    expect(await actionsOf(coupon.id)).toEqual(['coupon.bill_amount', 'coupon.redeem_override']);
    expect((await eventsOf(coupon.id)).find((e) => e.action === 'coupon.redeem_override')!.after).toMatchObject({
      override_rule: 'min_bill',
    });
  });

  it('never passes over a missing bill: bill_required until the bill is sent', async () => {
    const { coupon } = await voucherWith({ minBill: 500, redeemWeekdays: notToday });
    // The weekday comes first; passed over, the bill is still asked for.
    expect((await redeem(coupon.code)).body).toMatchObject({ status: 'not_valid_now', rule: 'weekday' });
    expect((await redeem(coupon.code, { override_reason: REASON })).body).toMatchObject({
      status: 'bill_required',
      min_bill: 500,
    });
    expect(await row(coupon.id)).toMatchObject(PENDING);
    const res = await redeem(coupon.code, { override_reason: REASON, bill_amount: 800 });
    expect(res.body).toMatchObject({ status: 'success', override: true });
    expect(await row(coupon.id)).toMatchObject({ billAmount: 800, overrideReason: REASON });
  });

  it('with no rule to pass over, a plain redemption: not marked', async () => {
    const { coupon } = await voucherWith({ minBill: 500 });
    const res = await redeem(coupon.code, { override_reason: REASON, bill_amount: 600 });
    expect(res.body).toMatchObject({ status: 'success', override: false });
    expect(await row(coupon.id)).toMatchObject({ isRedeemed: true, overrideReason: null });
    expect(await actionsOf(coupon.id)).toEqual(['coupon.bill_amount', 'coupon.redeem']);
  });

  it('is refused for an unknown, another merchant’s, already redeemed, cancelled or expired code', async () => {
    const anyway = { override_reason: REASON };
    const unknown = await redeem('ZZZZ2345', anyway);
    expect(unknown.body).toMatchObject({ status: 'invalid', message: UNKNOWN_CODE_MESSAGE, offer_rules: null });

    const { coupon } = await voucherWith({ redeemWeekdays: notToday });
    const foreign = await redeem(coupon.code, anyway, b.token);
    expect(foreign.body).toMatchObject({ status: 'invalid', message: UNKNOWN_CODE_MESSAGE });
    expect(await row(coupon.id)).toMatchObject(PENDING);

    expect((await redeem(coupon.code, anyway)).body.status).toBe('success');
    const again = await redeem(coupon.code, { override_reason: 'Another reason' });
    expect(again.body).toMatchObject({ status: 'already_redeemed', message: ALREADY_REDEEMED_MESSAGE });
    expect(await row(coupon.id)).toMatchObject({ overrideReason: REASON });
    expect(await actionsOf(coupon.id)).toEqual(['coupon.redeem_override']);

    const cancelled = await voucherWith({ redeemWeekdays: notToday });
    await t.db.update(coupons).set({ cancelledAt: new Date() }).where(eq(coupons.id, cancelled.coupon.id));
    expect((await redeem(cancelled.coupon.code, anyway)).body).toMatchObject({
      status: 'invalid',
      message: CANCELLED_MESSAGE,
    });

    const expired = await voucherWith({
      redeemWeekdays: notToday,
      validityFrom: addDays(today, -20),
      validityTo: addDays(today, -1),
    });
    const res = await redeem(expired.coupon.code, anyway);
    expect(res.body.status).toBe('invalid');
    expect(res.body.message).toMatch(/expired/);
    for (const id of [cancelled.coupon.id, expired.coupon.id]) expect((await row(id)).isRedeemed).toBe(false);
  });

  it('takes a reason of one line, 1 to 200 characters', async () => {
    const { coupon } = await voucherWith({ redeemWeekdays: notToday });
    for (const reason of ['', '   ', 'x'.repeat(201), 'two\nlines']) {
      const res = await redeem(coupon.code, { override_reason: reason });
      expect(res.status, JSON.stringify(reason)).toBe(422);
      expect(res.body.detail).toMatch(/reason/i);
    }
    expect(await row(coupon.id)).toMatchObject(PENDING);
  });

  it("an undo clears the mark (the merchant's and the super admin's), and the event keeps it", async () => {
    for (const [path, token] of [
      ['/api/merchant/redemptions/CODE/undo', () => a.token],
      ['/api/coupons/CODE/undo', () => tokens.superadmin],
    ] as const) {
      const { coupon } = await voucherWith({ minBill: 500 });
      await redeem(coupon.code, { bill_amount: 100, override_reason: REASON });
      const res = await t.request('POST', path.replace('CODE', coupon.code), {
        token: token(),
        json: { reason: 'Wrong voucher' },
      });
      expect(res.status, res.text).toBe(200);
      expect(await row(coupon.id)).toMatchObject(PENDING);
      const [undo] = await t.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entityId, coupon.id), eq(auditEvents.action, 'coupon.undo')));
      expect(undo!.before).toMatchObject({ bill_amount: 100, override_reason: REASON });
      expect(undo!.after).toMatchObject({ override_reason: null, reason: 'Wrong voucher' });
      // Redeemed again within the rules, it is a plain redemption.
      expect((await redeem(coupon.code, { bill_amount: 700 })).body).toMatchObject({
        status: 'success',
        override: false,
      });
      expect(await row(coupon.id)).toMatchObject({ overrideReason: null, billAmount: 700 });
    }
  });

  it('exactly once under concurrency: 20 overrides of one voucher at once, one redemption and one event', async () => {
    const { coupon } = await voucherWith({ redeemWeekdays: notToday, minBill: 500 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => redeem(coupon.code, { bill_amount: 100 + i, override_reason: REASON })),
    );
    const statuses = results.map((r) => r.body.status);
    expect(statuses.filter((s) => s === 'success')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'already_redeemed')).toHaveLength(19);
    expect(await actionsOf(coupon.id)).toEqual(['coupon.bill_amount', 'coupon.redeem_override']);
  });
});

describe('the wrong-code limit', () => {
  it('does not count not_valid_now or bill_required: they are right codes', async () => {
    const login = await t.createMerchantLogin();
    const token = await t.tokenFor(login.username, login.password);
    const offer = await insertOffer(t.db, { merchantId: login.merchantId!, redeemWeekdays: notToday });
    const billed = await insertOffer(t.db, { merchantId: login.merchantId!, minBill: 500 });
    const { coupon } = await insertCouponFor(t.db, offer);
    const { coupon: needsBill } = await insertCouponFor(t.db, billed);
    for (let i = 0; i < WRONG_CODES_PER_WINDOW; i++) {
      const res = await redeem(i % 2 ? coupon.code : needsBill.code, {}, token);
      expect(res.body.status).toBe(i % 2 ? 'not_valid_now' : 'bill_required');
    }
    // A wrong code now is the first, answered as such rather than 429.
    const wrong = await redeem('ZZZZ2345', {}, token);
    expect(wrong.status).toBe(200);
    expect(wrong.body.status).toBe('invalid');
  });
});

describe('offers without rules', () => {
  it('keep the one-statement redemption: a success and one coupon.redeem event', async () => {
    const { coupon } = await voucherWith({});
    const [offer] = await t.db
      .select()
      .from(offers)
      .where(eq(offers.id, (await row(coupon.id)).offerId));
    expect(offer).toMatchObject({ redeemWeekdays: null, blackoutDates: null, minBill: null });
    const res = await redeem(coupon.code);
    expect(res.body).toMatchObject({ status: 'success', override: false });
    expect(await actionsOf(coupon.id)).toEqual(['coupon.redeem']);
  });
});

describe('the voucher PDF', () => {
  it("prints the offer's rules in the words of every voucher (Rs. for the rupee sign)", async () => {
    const blackout = { from: addDays(today, 3), to: addDays(today, 4) };
    const { coupon } = await voucherWith({
      redeemWeekdays: [1, 2, 3, 4, 5],
      blackoutDates: [blackout],
      minBill: 500,
      maxParty: 4,
      perGuestDays: 30,
    });
    const pdf = await t.app.request(`/api/coupons/${coupon.id}/download`);
    expect(pdf.status).toBe(200);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    const text = pdfText(bytes);
    const lines = describeOfferRules({
      redeem_weekdays: [1, 2, 3, 4, 5],
      blackout_dates: [blackout],
      min_bill: 500,
      max_party: 4,
      per_guest_days: 30,
    });
    expect(lines).toHaveLength(5);
    for (const line of lines) expect(text).toContain(line.replace('₹', 'Rs. '));
    expect(text).toContain('Valid Monday to Friday only');
    expect(text).toContain('Minimum bill Rs. 500');
    expect(bytes.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);

    const plain = await voucherWith({});
    const other = pdfText(
      Buffer.from(await (await t.app.request(`/api/coupons/${plain.coupon.id}/download`)).arrayBuffer()),
    );
    expect(other).not.toMatch(/Valid .* only|Minimum bill|Up to \d|One voucher per guest/);
    expect(other).toContain('Valid until');
  });

  it('stays one page in another language with a long blackout list, every English rule for the shop in it', async () => {
    const blackouts = Array.from({ length: 14 }, (_, i) => ({
      from: addDays(today, 2 * i + 1),
      to: addDays(today, 2 * i + 1),
    }));
    const rules = {
      redeemWeekdays: [1, 2, 3, 4, 5],
      blackoutDates: blackouts,
      minBill: 500,
      maxParty: 4,
      perGuestDays: 30,
    };
    const { coupon } = await voucherWith(rules);
    for (const lang of ['ml', 'ta', 'bn']) {
      const pdf = Buffer.from(
        await (await t.app.request(`/api/coupons/${coupon.id}/download?lang=${lang}`)).arrayBuffer(),
      );
      expect(pdf.toString('latin1').match(/\/Type \/Page\b/g), lang).toHaveLength(1);
      const text = pdfText(pdf).replaceAll('\n', ' ');
      const lines = describeOfferRules({
        redeem_weekdays: rules.redeemWeekdays,
        blackout_dates: blackouts,
        min_bill: 500,
        max_party: 4,
        per_guest_days: 30,
      });
      for (const line of lines) expect(text, lang).toContain(line.replace('₹', 'Rs. '));
      // The last line of the page, the offer's terms, is whole: nothing was cut at the bottom.
      expect(text, lang).toContain('One per guest');
      expect(text, lang).not.toContain('…');
    }
  });
});
