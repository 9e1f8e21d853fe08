import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { coupons, merchants, offerCapUsage, offerDayUsage, offers } from '../support/tables';
import { addDays, todayIn } from '../../src/shared/dates';
import {
  BLACKOUT_MESSAGE,
  BLACKOUT_ORDER_MESSAGE,
  BLACKOUT_OUTSIDE_MESSAGE,
  BLACKOUT_TOO_MANY_MESSAGE,
  DAILY_ABOVE_TOTAL_MESSAGE,
  DAILY_CAP_MESSAGE,
  MAX_PARTY_MESSAGE,
  MIN_BILL_MESSAGE,
  PER_GUEST_DAYS_MESSAGE,
  TOTAL_CAP_MESSAGE,
  WEEKDAYS_EMPTY_MESSAGE,
  WEEKDAYS_MESSAGE,
  WEEKDAYS_REPEATED_MESSAGE,
} from '../../src/shared/schemas/offers';
import { expectAnswer, useRoleTokens, useTestContext } from '../support';
import { insertSubscribedHotel } from '../support/hotel-factories';
import { insertCouponFor, insertOffer, offerInput } from '../support/offer-factories';

/**
 * docs/PRODUCT.md "Offer rules": the rule fields of an offer and of a merchant as the API takes and answers them,
 * every bad input refused with its detail and nothing changed, the usage figures, and the rules on the guest's card
 * and voucher. (Issuing against caps, frequency and the stay rule: tests/api/offer-caps.test.ts.)
 */

const ctx = useTestContext();
const tokens = useRoleTokens(ctx);
let today: string;
let merchant: { token: string; merchantId: string };

beforeAll(async () => {
  today = todayIn(ctx.config.timeZone);
  const login = await ctx.createMerchantLogin();
  merchant = { token: await ctx.tokenFor(login.username, login.password), merchantId: login.merchantId! };
});

const RULES = {
  total_cap: 100,
  daily_cap: 10,
  redeem_weekdays: [5, 1, 2],
  blackout_dates: [
    { from: 'A', to: 'B' }, // replaced in validRules()
  ],
  min_bill: 500,
  max_party: 4,
  per_guest_days: 30,
};

/** Rules that are all valid for an offer valid from today for 30 days. */
function validRules() {
  return {
    ...RULES,
    blackout_dates: [
      { from: addDays(today, 20), to: addDays(today, 22) },
      { from: addDays(today, 5), to: addDays(today, 5) },
    ],
  };
}

async function validInput(overrides: Record<string, unknown> = {}, merchantId?: string) {
  const m = merchantId ?? (await ctx.createMerchant()).id;
  return { ...offerInput(m, today, 'Cake Bonus'), ...overrides };
}

async function offerRow(id: string) {
  const [row] = await ctx.db.select().from(offers).where(eq(offers.id, id));
  return row!;
}

describe('an offer with rules (POST and PUT /api/offers)', () => {
  it('saves and answers every rule: weekdays sorted, blackout ranges sorted, numbers from form text', async () => {
    const res = await ctx.request('POST', '/api/offers', {
      token: tokens.superadmin,
      json: await validInput({ ...validRules(), total_cap: '100', min_bill: '500.5', offer_type: 'percentage' }),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      total_cap: 100,
      daily_cap: 10,
      redeem_weekdays: [1, 2, 5],
      blackout_dates: [
        { from: addDays(today, 5), to: addDays(today, 5) },
        { from: addDays(today, 20), to: addDays(today, 22) },
      ],
      min_bill: 500.5,
      max_party: 4,
      per_guest_days: 30,
      is_paused: false,
      issued_today: 0,
      issued_total: 0,
      left_today: 10,
      left_total: 100,
      cap_reached: false,
    });
    const row = await offerRow(res.body.id);
    expect(row).toMatchObject({ totalCap: 100, dailyCap: 10, redeemWeekdays: [1, 2, 5], minBill: 500.5 });
    // The caps' usage rows are made with the cap.
    expect(await ctx.db.select().from(offerCapUsage).where(eq(offerCapUsage.offerId, res.body.id))).toEqual([
      { offerId: res.body.id, issued: 0 },
    ]);
    expect(await ctx.db.select().from(offerDayUsage).where(eq(offerDayUsage.offerId, res.body.id))).toEqual([
      { offerId: res.body.id, day: today, issued: 0 },
    ]);
  });

  it('takes absent, null, "" and [] blackout dates as no rule; PUT without the rules clears them', async () => {
    const created = await ctx.request('POST', '/api/offers', {
      token: tokens.superadmin,
      json: await validInput({ ...validRules() }),
    });
    expect(created.status).toBe(201);
    const { total_cap: _a, daily_cap: _b, redeem_weekdays: _c, min_bill: _d, ...rest } = created.body;
    const res = await ctx.request('PUT', `/api/offers/${created.body.id}`, {
      token: tokens.superadmin,
      json: { ...rest, blackout_dates: [], max_party: '', per_guest_days: null },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      total_cap: null,
      daily_cap: null,
      redeem_weekdays: null,
      blackout_dates: null,
      min_bill: null,
      max_party: null,
      per_guest_days: null,
      left_today: null,
      left_total: null,
    });
    expect(await ctx.db.select().from(offerCapUsage).where(eq(offerCapUsage.offerId, created.body.id))).toEqual([]);
    expect(await ctx.db.select().from(offerDayUsage).where(eq(offerDayUsage.offerId, created.body.id))).toEqual([]);
  });

  it('a GET answered back by PUT changes nothing', async () => {
    const created = await ctx.request('POST', '/api/offers', {
      token: tokens.superadmin,
      json: await validInput(validRules()),
    });
    const res = await ctx.request('PUT', `/api/offers/${created.body.id}`, {
      token: tokens.superadmin,
      json: created.body,
    });
    expectAnswer(res, 200, created.body);
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ['a daily cap above the total', { total_cap: 10, daily_cap: 11 }, DAILY_ABOVE_TOTAL_MESSAGE],
    ['a total cap of 0', { total_cap: 0 }, TOTAL_CAP_MESSAGE],
    ['a total cap of 1.5', { total_cap: 1.5 }, TOTAL_CAP_MESSAGE],
    ['a total cap of -3', { total_cap: -3 }, TOTAL_CAP_MESSAGE],
    ['a total cap as words', { total_cap: 'ten' }, TOTAL_CAP_MESSAGE],
    ['a total cap above 10,00,000', { total_cap: 1_000_001 }, TOTAL_CAP_MESSAGE],
    ['a daily cap of 0', { daily_cap: 0 }, DAILY_CAP_MESSAGE],
    ['a daily cap of 2.5', { daily_cap: '2.5' }, DAILY_CAP_MESSAGE],
    ['redeem_weekdays empty', { redeem_weekdays: [] }, WEEKDAYS_EMPTY_MESSAGE],
    ['redeem_weekdays repeated', { redeem_weekdays: [1, 2, 1] }, WEEKDAYS_REPEATED_MESSAGE],
    ['redeem_weekdays with 0', { redeem_weekdays: [0, 1] }, WEEKDAYS_MESSAGE],
    ['redeem_weekdays with 8', { redeem_weekdays: [8] }, WEEKDAYS_MESSAGE],
    ['redeem_weekdays with 1.5', { redeem_weekdays: [1.5] }, WEEKDAYS_MESSAGE],
    ['redeem_weekdays as names', { redeem_weekdays: ['Monday'] }, WEEKDAYS_MESSAGE],
    ['redeem_weekdays not a list', { redeem_weekdays: 3 }, WEEKDAYS_MESSAGE],
    ['a blackout range that ends before it starts', { blackout: [3, 2] }, BLACKOUT_ORDER_MESSAGE],
    ['a blackout range before the validity dates', { blackout: [-2, 1] }, BLACKOUT_OUTSIDE_MESSAGE],
    ['a blackout range after the validity dates', { blackout: [29, 31] }, BLACKOUT_OUTSIDE_MESSAGE],
    [
      'a blackout date that is no date',
      { blackout_dates: [{ from: '2026-02-30', to: '2026-03-01' }] },
      BLACKOUT_MESSAGE,
    ],
    ['a blackout range without its end', { blackout_dates: [{ from: '2030-01-01' }] }, BLACKOUT_MESSAGE],
    ['blackout dates that are not ranges', { blackout_dates: ['2030-01-01'] }, BLACKOUT_MESSAGE],
    ['more than 366 blackout days', { long: true }, BLACKOUT_TOO_MANY_MESSAGE],
    ['per_guest_days of 0', { per_guest_days: 0 }, PER_GUEST_DAYS_MESSAGE],
    ['per_guest_days above 365', { per_guest_days: 366 }, PER_GUEST_DAYS_MESSAGE],
    ['min_bill below 0', { min_bill: -1 }, MIN_BILL_MESSAGE],
    ['min_bill with 3 decimals', { min_bill: 10.005 }, MIN_BILL_MESSAGE],
    [
      'min_bill not above a cash discount',
      { offer_type: 'cash_discount', offer_value: 150, min_bill: 150 },
      'Minimum bill must be more than the discount (₹150)',
    ],
    [
      'min_bill below a fixed discount',
      { offer_type: 'fixed_discount', offer_value: 250.5, min_bill: 100 },
      'Minimum bill must be more than the discount (₹250.50)',
    ],
    ['max_party of 0', { max_party: 0 }, MAX_PARTY_MESSAGE],
  ];

  /** The body of one bad case: `blackout` is a range in days from today, `long` a validity and blackout of 400 days. */
  async function badBody(overrides: Record<string, unknown>, merchantId?: string) {
    const { blackout, long, ...rest } = overrides as { blackout?: [number, number]; long?: boolean };
    const extra: Record<string, unknown> = { ...rest };
    if (blackout) extra.blackout_dates = [{ from: addDays(today, blackout[0]), to: addDays(today, blackout[1]) }];
    if (long) {
      extra.validity_to = addDays(today, 400);
      extra.blackout_dates = [
        { from: addDays(today, 1), to: addDays(today, 200) },
        { from: addDays(today, 201), to: addDays(today, 367) },
      ];
    }
    return validInput(extra, merchantId);
  }

  it.each(bad)('POST refuses %s with 422 and writes nothing', async (_what, overrides, detail) => {
    const body = await badBody(overrides);
    const before = await ctx.db.$count(offers);
    const res = await ctx.request('POST', '/api/offers', { token: tokens.superadmin, json: body });
    expectAnswer(res, 422, { detail });
    expect(await ctx.db.$count(offers)).toBe(before);
  });

  it.each(bad)('PUT refuses %s with 422 and changes nothing', async (_what, overrides, detail) => {
    const created = await ctx.request('POST', '/api/offers', {
      token: tokens.superadmin,
      json: await validInput(validRules()),
    });
    const before = await offerRow(created.body.id);
    const body = await badBody(overrides, created.body.merchant_id);
    const res = await ctx.request('PUT', `/api/offers/${created.body.id}`, { token: tokens.superadmin, json: body });
    expectAnswer(res, 422, { detail });
    expect(await offerRow(created.body.id)).toEqual(before);
  });

  it.each(bad)("the merchant's My Offers refuses %s the same way", async (_what, overrides, detail) => {
    const body = await badBody(overrides, merchant.merchantId);
    const res = await ctx.request('POST', '/api/merchant/my-offers', { token: merchant.token, json: body });
    expectAnswer(res, 422, { detail });
  });

  it('refuses a total cap below the vouchers already issued (422 naming the count), and takes one equal to it', async () => {
    const row = await insertOffer(ctx.db);
    for (let i = 0; i < 3; i++) await insertCouponFor(ctx.db, row);
    // A cancelled voucher does not count.
    const { coupon } = await insertCouponFor(ctx.db, row);
    await ctx.db.update(coupons).set({ cancelledAt: new Date() }).where(eq(coupons.id, coupon.id));
    const before = await offerRow(row.id);
    const body = {
      ...offerInput(row.merchantId, today),
      validity_from: row.validityFrom,
      validity_to: row.validityTo,
    };
    let res = await ctx.request('PUT', `/api/offers/${row.id}`, {
      token: tokens.superadmin,
      json: { ...body, total_cap: 2 },
    });
    expectAnswer(res, 422, { detail: 'Total cap cannot be below the 3 vouchers already issued' });
    expect(await offerRow(row.id)).toEqual(before);
    expect(await ctx.db.select().from(offerCapUsage).where(eq(offerCapUsage.offerId, row.id))).toEqual([]);

    res = await ctx.request('PUT', `/api/offers/${row.id}`, {
      token: tokens.superadmin,
      json: { ...body, total_cap: 3, daily_cap: 2 },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      issued_total: 3,
      issued_today: 3,
      left_total: 0,
      left_today: 0,
      cap_reached: true,
    });
    expect(await ctx.db.select().from(offerCapUsage).where(eq(offerCapUsage.offerId, row.id))).toEqual([
      { offerId: row.id, issued: 3 },
    ]);
    expect(await ctx.db.select().from(offerDayUsage).where(eq(offerDayUsage.offerId, row.id))).toEqual([
      { offerId: row.id, day: today, issued: 3 },
    ]);
  });
});

describe('usage figures in the offer lists', () => {
  it('counts vouchers issued today and in all, cancelled ones not counted, in All Offers and My Offers', async () => {
    const row = await insertOffer(ctx.db, { merchantId: merchant.merchantId });
    await insertCouponFor(ctx.db, row);
    const { coupon: old } = await insertCouponFor(ctx.db, row);
    await ctx.db
      .update(coupons)
      .set({ createdAt: new Date(Date.now() - 3 * 86_400_000) })
      .where(eq(coupons.id, old.id));
    const { coupon: cancelled } = await insertCouponFor(ctx.db, row);
    await ctx.db.update(coupons).set({ cancelledAt: new Date() }).where(eq(coupons.id, cancelled.id));
    // The caps set through the API count the vouchers already issued (the figures read those counts).
    const capped = await ctx.request('PUT', `/api/offers/${row.id}`, {
      token: tokens.superadmin,
      json: {
        ...offerInput(row.merchantId, today),
        validity_from: row.validityFrom,
        validity_to: row.validityTo,
        total_cap: 10,
        daily_cap: 5,
      },
    });
    expect(capped.status, capped.text).toBe(200);
    const expected = { issued_today: 1, issued_total: 2, left_today: 4, left_total: 8, cap_reached: false };
    const all = await ctx.request('GET', '/api/offers', { token: tokens.superadmin });
    expect(all.body.find((o: { id: string }) => o.id === row.id)).toMatchObject(expected);
    const mine = await ctx.request('GET', '/api/merchant/my-offers', { token: merchant.token });
    expect(mine.body.find((o: { id: string }) => o.id === row.id)).toMatchObject(expected);
    const one = await ctx.request('GET', `/api/offers/${row.id}`, { token: tokens.superadmin });
    expect(one.body).toMatchObject(expected);
  });
});

describe("the merchant's frequency (per_guest_days)", () => {
  it('GET and PUT /api/merchant/settings: its own, audited as an edit of the merchant', async () => {
    let res = await ctx.request('GET', '/api/merchant/settings', { token: merchant.token });
    expectAnswer(res, 200, { per_guest_days: null });
    res = await ctx.request('PUT', '/api/merchant/settings', { token: merchant.token, json: { per_guest_days: 30 } });
    expectAnswer(res, 200, { per_guest_days: 30 });
    expectAnswer(await ctx.request('GET', '/api/merchant/settings', { token: merchant.token }), 200, {
      per_guest_days: 30,
    });
    const [row] = await ctx.db.select().from(merchants).where(eq(merchants.id, merchant.merchantId));
    expect(row!.perGuestDays).toBe(30);
    const events = await ctx.request('GET', `/api/audit-events?entity=merchant&entity_id=${merchant.merchantId}`, {
      token: tokens.superadmin,
    });
    expect(events.body[0]).toMatchObject({
      action: 'merchant.update',
      before: { per_guest_days: null },
      after: { per_guest_days: 30 },
    });
    res = await ctx.request('PUT', '/api/merchant/settings', { token: merchant.token, json: { per_guest_days: null } });
    expectAnswer(res, 200, { per_guest_days: null });
  });

  it.each([
    [{ per_guest_days: 0 }],
    [{ per_guest_days: 366 }],
    [{ per_guest_days: 2.5 }],
    [{ per_guest_days: 'a month' }],
    [{}],
  ])('PUT /api/merchant/settings refuses %j with 422 and changes nothing', async (body) => {
    await ctx.request('PUT', '/api/merchant/settings', { token: merchant.token, json: { per_guest_days: 7 } });
    const res = await ctx.request('PUT', '/api/merchant/settings', { token: merchant.token, json: body });
    expectAnswer(res, 422, { detail: PER_GUEST_DAYS_MESSAGE });
    const [row] = await ctx.db.select().from(merchants).where(eq(merchants.id, merchant.merchantId));
    expect(row!.perGuestDays).toBe(7);
  });

  it('the back office sets it on the merchant form, with the same bounds', async () => {
    const m = await ctx.createMerchant();
    const [location] = [m.locationId];
    const body = {
      name: m.name,
      merchant_type_id: m.merchantTypeId,
      location_id: location,
      contact_number: m.contactNumber,
      address: m.address,
      per_guest_days: 14,
    };
    let res = await ctx.request('PUT', `/api/merchants/${m.id}`, { token: tokens.superadmin, json: body });
    expect(res.status, res.text).toBe(200);
    expect(res.body.per_guest_days).toBe(14);
    res = await ctx.request('PUT', `/api/merchants/${m.id}`, {
      token: tokens.superadmin,
      json: { ...body, per_guest_days: 0 },
    });
    expectAnswer(res, 422, { detail: PER_GUEST_DAYS_MESSAGE });
  });
});

describe('the rules a guest reads', () => {
  it("are on the guest's card and View Details (per_guest_days: the offer's, else its merchant's); a paused offer is not", async () => {
    const location = await ctx.createLocation();
    const { hotel } = await insertSubscribedHotel(ctx.db, {
      from: addDays(today, -30),
      hotel: { locationId: location.id },
    });
    const m = await ctx.createMerchant({ locationId: location.id, perGuestDays: 30 });
    const own = await insertOffer(ctx.db, {
      merchantId: m.id,
      redeemWeekdays: [1, 2, 3, 4, 5],
      blackoutDates: [{ from: addDays(today, 3), to: addDays(today, 4) }],
      minBill: 500,
      maxParty: 4,
      perGuestDays: 7,
      totalCap: 50,
    });
    const inherits = await insertOffer(ctx.db, { merchantId: m.id });
    const paused = await insertOffer(ctx.db, { merchantId: m.id, isPaused: true });
    const res = await ctx.request('GET', `/api/offers?hotel_id=${hotel.id}`);
    expect(res.status).toBe(200);
    const byId = new Map(res.body.map((o: { id: string }) => [o.id, o]));
    expect(byId.get(own.id)).toMatchObject({
      validity_from: own.validityFrom,
      validity_to: own.validityTo,
      redeem_weekdays: [1, 2, 3, 4, 5],
      blackout_dates: [{ from: addDays(today, 3), to: addDays(today, 4) }],
      min_bill: 500,
      max_party: 4,
      per_guest_days: 7,
    });
    expect(byId.get(own.id)).not.toHaveProperty('total_cap');
    expect(byId.get(inherits.id)).toMatchObject({
      redeem_weekdays: null,
      blackout_dates: null,
      min_bill: null,
      max_party: null,
      per_guest_days: 30,
    });
    expect(byId.has(paused.id)).toBe(false);
    const details = await ctx.request('GET', `/api/offers/${own.id}/details?hotel_id=${hotel.id}`);
    expect(details.body).toMatchObject({ redeem_weekdays: [1, 2, 3, 4, 5], min_bill: 500, per_guest_days: 7 });
    expect((await ctx.request('GET', `/api/offers/${paused.id}/details?hotel_id=${hotel.id}`)).status).toBe(404);

    // The voucher carries them too, as issued and as listed again.
    const scan = await ctx.request('POST', '/api/customer-scans', {
      json: {
        hotel_id: hotel.id,
        customer_name: 'Asha Rao',
        mobile_number: '9811122233',
        checkout_date: addDays(today, 2),
        consent: true,
        selected_offers: [inherits.id],
      },
    });
    expect(scan.status, scan.text).toBe(201);
    const rules = { redeem_weekdays: null, blackout_dates: null, min_bill: null, max_party: null, per_guest_days: 30 };
    expect(scan.body.coupons[0].offer).toMatchObject(rules);
    const listed = await ctx.request('GET', `/api/coupons?scan_id=${scan.body.scan_id}`);
    expect(listed.body[0].offer).toMatchObject(rules);
  });
});
