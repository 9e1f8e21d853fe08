import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogueVersion } from '../../src/server/db/derived-tables';
import {
  alreadyCollectedMessage,
  notDuringStayMessage,
  OFFERS_UNAVAILABLE,
  ranOutMessage,
} from '../../src/server/modules/customer-scans/customer-scans.service';
import { addDays, todayIn } from '../../src/shared/dates';
import { isoWeekday } from '../../src/shared/offer-rules';
import { expectAnswer, useRoleTokens, useTestContext } from '../support';
import { insertSubscribedHotel } from '../support/hotel-factories';
import { insertOffer } from '../support/offer-factories';
import { coupons, customerScans, offerCapUsage, offerDayUsage, offers } from '../support/tables';

/**
 * docs/PRODUCT.md "Offer rules" and docs/DATA.md "Offer caps" at issue: caps held exactly under concurrency, the
 * submission all or nothing, the idempotent retry, the frequency across hotels, the stay rule, the guest list and
 * its catalogue version, a cancelled voucher freeing its slot, an undone redemption not touching caps.
 *
 * The app trusts one proxy here, so each guest comes from an address of its own (X-Forwarded-For), as real guests do:
 * the submission limit is per address, and 100 guests at once would pass one address's limit.
 */
const t = useTestContext({ env: { TRUST_PROXY: '1' } });
const tokens = useRoleTokens(t);
let today: string;
let locationId: number;
let hotelId: string;
let otherHotelId: string;
let merchantId: string;

let guestCounter = 0;
const nextGuest = () => {
  guestCounter += 1;
  return {
    mobile: `97${String(10_000_000 + guestCounter * 7919).slice(-8)}`,
    address: `10.${(guestCounter >> 16) & 255}.${(guestCounter >> 8) & 255}.${guestCounter & 255}`,
  };
};

beforeAll(async () => {
  today = todayIn(t.config.timeZone);
  locationId = (await t.createLocation()).id;
  const from = addDays(today, -30);
  hotelId = (await insertSubscribedHotel(t.db, { from, hotel: { locationId } })).hotel.id;
  otherHotelId = (await insertSubscribedHotel(t.db, { from, hotel: { locationId } })).hotel.id;
  merchantId = (await t.createMerchant({ locationId, name: 'Sweet Tooth Bakery' })).id;
});

interface Submit {
  offers: string[];
  hotel?: string;
  guest?: { mobile: string; address: string };
  checkout?: string;
  key?: string;
}

function submit({ offers: picked, hotel = hotelId, guest = nextGuest(), checkout, key }: Submit) {
  const headers: Record<string, string> = { 'X-Forwarded-For': guest.address };
  if (key) headers['Idempotency-Key'] = key;
  return t.request('POST', '/api/customer-scans', {
    headers,
    json: {
      hotel_id: hotel,
      customer_name: 'Asha Rao',
      mobile_number: guest.mobile,
      checkout_date: checkout ?? addDays(today, 2),
      consent: true,
      selected_offers: picked,
    },
  });
}

/** An offer of the bakery through the API (so its caps' usage rows are made as the product makes them). */
async function createOffer(name: string, rules: Record<string, unknown> = {}): Promise<string> {
  const res = await t.request('POST', '/api/offers', {
    token: tokens.superadmin,
    json: {
      merchant_id: merchantId,
      offer_name: name,
      offer_type: 'percentage',
      offer_value: 10,
      validity_from: today,
      validity_to: addDays(today, 60),
      opening_hours: '09:00',
      closing_hours: '22:00',
      description: 'A treat',
      terms_conditions: 'One per guest',
      ...rules,
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

const couponsOf = (offerId: string) =>
  t.db.$count(coupons, and(eq(coupons.offerId, offerId), sql`${coupons.cancelledAt} is null`));
const capUsage = async (offerId: string) =>
  (await t.db.select().from(offerCapUsage).where(eq(offerCapUsage.offerId, offerId)))[0]?.issued;
const dayUsage = async (offerId: string) =>
  (
    await t.db
      .select()
      .from(offerDayUsage)
      .where(and(eq(offerDayUsage.offerId, offerId), eq(offerDayUsage.day, today)))
  )[0]?.issued;
const version = async () => Number((await t.db.select().from(catalogueVersion))[0]!.version);
const guestList = async (hotel = hotelId): Promise<string[]> => {
  const res = await t.request('GET', `/api/offers?hotel_id=${hotel}`);
  expect(res.status).toBe(200);
  return res.body.map((o: { id: string }) => o.id);
};

describe('caps held exactly', () => {
  it('100 guests submitting at once against a total cap of 10 get exactly 10 vouchers', async () => {
    const cake = await createOffer('Cake Bonus', { total_cap: 10 });
    const results = await Promise.all(Array.from({ length: 100 }, () => submit({ offers: [cake] })));
    const issued = results.filter((res) => res.status === 201);
    const refused = results.filter((res) => res.status !== 201);
    expect(issued).toHaveLength(10);
    for (const res of refused) expectAnswer(res, 409, { detail: ranOutMessage('Cake Bonus'), offer_id: cake });
    expect(await couponsOf(cake)).toBe(10);
    expect(await capUsage(cake)).toBe(10);
    // The refused guests' scans were rolled back with everything else.
    expect(await t.db.$count(customerScans)).toBeGreaterThanOrEqual(10);
    const scansWithCake = await t.db
      .select({ id: customerScans.id })
      .from(customerScans)
      .innerJoin(coupons, eq(coupons.scanId, customerScans.id))
      .where(eq(coupons.offerId, cake));
    expect(scansWithCake).toHaveLength(10);
    const offer = await t.request('GET', `/api/offers/${cake}`, { token: tokens.superadmin });
    expect(offer.body).toMatchObject({ issued_total: 10, left_total: 0, cap_reached: true });
  });

  it('a daily cap of 5 the same, and the offer leaves the guest list at once', async () => {
    const coffee = await createOffer('Morning Coffee', { daily_cap: 5, total_cap: 50 });
    expect(await guestList()).toContain(coffee);
    const results = await Promise.all(Array.from({ length: 30 }, () => submit({ offers: [coffee] })));
    expect(results.filter((res) => res.status === 201)).toHaveLength(5);
    for (const res of results.filter((r) => r.status !== 201))
      expectAnswer(res, 409, { detail: ranOutMessage('Morning Coffee'), offer_id: coffee });
    expect(await couponsOf(coffee)).toBe(5);
    expect(await dayUsage(coffee)).toBe(5);
    expect(await capUsage(coffee)).toBe(5);
    expect(await guestList()).not.toContain(coffee);
    const offer = await t.request('GET', `/api/offers/${coffee}`, { token: tokens.superadmin });
    expect(offer.body).toMatchObject({ issued_today: 5, left_today: 0, left_total: 45, cap_reached: true });
  });

  it("a daily cap full on another day does not hold today (the list is the business day's)", async () => {
    const tea = await createOffer('Chai', { daily_cap: 1 });
    await t.db.insert(offerDayUsage).values({ offerId: tea, day: addDays(today, -1), issued: 1 });
    expect(await guestList()).toContain(tea);
    expect((await submit({ offers: [tea] })).status).toBe(201);
    expect(await guestList()).not.toContain(tea);
  });

  it('is all or nothing: the other picked offer is not issued when one has run out', async () => {
    const last = await createOffer('Last Slice', { total_cap: 1 });
    const plenty = await createOffer('Plenty Muffins');
    expect((await submit({ offers: [last] })).status).toBe(201);
    const guest = nextGuest();
    const before = await t.db.$count(customerScans);
    // A phone with the list from before the cap filled still picks it: the clear refusal, naming it.
    const res = await submit({ offers: [plenty, last], guest });
    expectAnswer(res, 409, { detail: ranOutMessage('Last Slice'), offer_id: last });
    expect(await couponsOf(plenty)).toBe(0);
    expect(await t.db.$count(customerScans)).toBe(before);
    expect(await t.db.$count(customerScans, eq(customerScans.mobileNumber, guest.mobile))).toBe(0);
    // The guest picks another and gets it.
    expect((await submit({ offers: [plenty], guest })).status).toBe(201);
  });

  it('a retry with the same Idempotency-Key after the cap filled answers what the first request got', async () => {
    const gift = await createOffer('Gift Box', { total_cap: 1 });
    const guest = nextGuest();
    const first = await submit({ offers: [gift], guest, key: 'retry-after-cap-1' });
    expect(first.status).toBe(201);
    expect(await guestList()).not.toContain(gift);
    const again = await submit({ offers: [gift], guest, key: 'retry-after-cap-1' });
    expectAnswer(again, 200, first.body);
    expect(await couponsOf(gift)).toBe(1);
    // Another guest is refused.
    expectAnswer(await submit({ offers: [gift] }), 409, { detail: ranOutMessage('Gift Box'), offer_id: gift });
  });

  it('the catalogue version moves only when a cap fills, not on an ordinary issue; offers without caps keep no count', async () => {
    const capped = await createOffer('Three Tarts', { total_cap: 3 });
    const free = await createOffer('Free Refill');
    let v = await version();
    expect((await submit({ offers: [capped, free] })).status).toBe(201);
    expect(await version()).toBe(v);
    expect((await submit({ offers: [capped] })).status).toBe(201);
    expect(await version()).toBe(v);
    expect((await submit({ offers: [capped] })).status).toBe(201); // the third: full now
    expect(await version()).toBe(v + 1);
    v = await version();
    expect(await guestList()).not.toContain(capped);
    expect(await guestList()).toContain(free);
    expect(await capUsage(free)).toBeUndefined();
    expect(await t.db.$count(offerDayUsage, eq(offerDayUsage.offerId, free))).toBe(0);
  });

  it('a cancelled (erased) voucher frees its slot and brings the offer back; an undone redemption does not', async () => {
    const pie = await createOffer('Pie Night', { total_cap: 2, daily_cap: 2 });
    const erased = nextGuest();
    const kept = await submit({ offers: [pie] });
    expect(kept.status).toBe(201);
    expect((await submit({ offers: [pie], guest: erased })).status).toBe(201);
    expect(await guestList()).not.toContain(pie);

    // Redeemed and undone: still issued, still full.
    const login = await t.createMerchantLogin({ merchant: { locationId } });
    await t.db.update(offers).set({ merchantId: login.merchantId! }).where(eq(offers.id, pie));
    await t.db.update(coupons).set({ merchantId: login.merchantId! }).where(eq(coupons.offerId, pie));
    const merchantToken = await t.tokenFor(login.username, login.password);
    const code = kept.body.coupons[0].coupon_code;
    const redeemed = await t.request('POST', '/api/merchant/redeem-voucher', {
      token: merchantToken,
      json: { voucher_code: code },
    });
    expect(redeemed.body.status).toBe('success');
    const undone = await t.request('POST', `/api/merchant/redemptions/${code}/undo`, {
      token: merchantToken,
      json: { reason: 'Wrong voucher scanned' },
    });
    expect(undone.status, undone.text).toBe(200);
    expect(await capUsage(pie)).toBe(2);
    expect(await dayUsage(pie)).toBe(2);

    const v = await version();
    const res = await t.request('POST', '/api/customer-scans/erase', {
      token: tokens.superadmin,
      json: { mobile_number: erased.mobile },
    });
    expect(res.status, res.text).toBe(200);
    expect(await capUsage(pie)).toBe(1);
    expect(await dayUsage(pie)).toBe(1);
    expect(await version()).toBeGreaterThan(v);
    expect(await guestList()).toContain(pie);
    expect((await submit({ offers: [pie] })).status).toBe(201);
    expect(await capUsage(pie)).toBe(2);
  });

  it('a cap set on an offer that has vouchers counts them; a raw cap without a usage row is counted at issue', async () => {
    const late = await createOffer('Late Cap');
    expect((await submit({ offers: [late] })).status).toBe(201);
    expect((await submit({ offers: [late] })).status).toBe(201);
    const current = await t.request('GET', `/api/offers/${late}`, { token: tokens.superadmin });
    const res = await t.request('PUT', `/api/offers/${late}`, {
      token: tokens.superadmin,
      json: { ...current.body, total_cap: 3 },
    });
    expect(res.status, res.text).toBe(200);
    expect(await capUsage(late)).toBe(2);
    expect((await submit({ offers: [late] })).status).toBe(201);
    expect((await submit({ offers: [late] })).status).toBe(409);

    // A cap written straight into the table (no usage row): the first issue counts the vouchers there are.
    const raw = await insertOffer(t.db, { merchantId, offerName: 'Raw Cap' });
    expect((await submit({ offers: [raw.id] })).status).toBe(201);
    await t.db.update(offers).set({ totalCap: 2 }).where(eq(offers.id, raw.id));
    expect((await submit({ offers: [raw.id] })).status).toBe(201);
    expect(await capUsage(raw.id)).toBe(2);
    expectAnswer(await submit({ offers: [raw.id] }), 409, { detail: ranOutMessage('Raw Cap'), offer_id: raw.id });
  });
});

describe('setting a cap while guests submit (lock table coupons in share mode, docs/DATA.md "Offer caps")', () => {
  it.each([60, 25])('a total cap of %i set during 40 submissions counts every voucher once', async (cap) => {
    const busy = await createOffer(`Busy Brownie ${cap}`);
    const current = await t.request('GET', `/api/offers/${busy}`, { token: tokens.superadmin });
    const submissions = Array.from({ length: 40 }, () => submit({ offers: [busy] }));
    const put = t.request('PUT', `/api/offers/${busy}`, {
      token: tokens.superadmin,
      json: { ...current.body, total_cap: cap },
    });
    const [results, capSet] = await Promise.all([Promise.all(submissions), put]);
    for (const res of results) expect([201, 409], res.text).toContain(res.status);
    const issued = await couponsOf(busy);
    expect(issued).toBe(results.filter((res) => res.status === 201).length);
    if (capSet.status === 200) {
      expect(issued).toBeLessThanOrEqual(cap);
      expect(await capUsage(busy)).toBe(issued);
    } else {
      // More vouchers than the cap were out before it could be set: refused, no cap, nothing counted.
      expectAnswer(capSet, 422, { detail: expect.stringMatching(/^Total cap cannot be below the \d+ vouchers/) });
      expect(await capUsage(busy)).toBeUndefined();
      expect(issued).toBe(40);
    }
    if (cap === 60) expect(capSet.status).toBe(200);
  });
});

describe('frequency (per_guest_days)', () => {
  it("refuses the same offer for the same number within N days at another hotel; the merchant's setting covers its offers", async () => {
    const weekly = await createOffer('Weekly Waffle', { per_guest_days: 7 });
    const guest = nextGuest();
    expect((await submit({ offers: [weekly], guest })).status).toBe(201);
    const res = await submit({ offers: [weekly], guest, hotel: otherHotelId });
    expectAnswer(res, 409, { detail: alreadyCollectedMessage('Weekly Waffle', 7), offer_id: weekly });
    expect(res.body.detail).toBe('You already collected Weekly Waffle in the last 7 days, please pick another');
    // Another number is fine, and so is the same number once the voucher is older than 7 days.
    expect((await submit({ offers: [weekly], hotel: otherHotelId })).status).toBe(201);
    await t.db
      .update(coupons)
      .set({ createdAt: sql`now() - interval '7 days'` })
      .where(eq(coupons.offerId, weekly));
    expect((await submit({ offers: [weekly], guest, hotel: otherHotelId })).status).toBe(201);

    // The merchant's own setting: any of its offers (without one of their own) within 30 days.
    const other = await t.createMerchant({ locationId, name: 'Bean There', perGuestDays: 30 });
    const espresso = await insertOffer(t.db, { merchantId: other.id, offerName: 'Espresso' });
    const latte = await insertOffer(t.db, { merchantId: other.id, offerName: 'Latte' });
    const own = await insertOffer(t.db, { merchantId: other.id, offerName: 'Daily Cookie', perGuestDays: 1 });
    const second = nextGuest();
    expect((await submit({ offers: [espresso.id], guest: second })).status).toBe(201);
    expectAnswer(await submit({ offers: [latte.id], guest: second, hotel: otherHotelId }), 409, {
      detail: 'You already collected a Bean There voucher in the last 30 days, please pick another',
      offer_id: latte.id,
    });
    // An offer's own rule wins over its merchant's: one a day, of this offer only.
    expect((await submit({ offers: [own.id], guest: second, hotel: otherHotelId })).status).toBe(201);
  });

  it('is all or nothing too, and a number with no earlier voucher passes', async () => {
    const monthly = await createOffer('Monthly Macaron', { per_guest_days: 30 });
    const plain = await createOffer('Plain Bun');
    const guest = nextGuest();
    expect((await submit({ offers: [monthly], guest })).status).toBe(201);
    const res = await submit({ offers: [plain, monthly], guest, hotel: otherHotelId });
    expectAnswer(res, 409, { detail: alreadyCollectedMessage('Monthly Macaron', 30), offer_id: monthly });
    expect(await couponsOf(plain)).toBe(0);
  });
});

describe('the stay rule', () => {
  it('refuses an offer that cannot be redeemed on any day from today to check-out (422 naming it)', async () => {
    const todayWeekday = isoWeekday(today);
    const tomorrowWeekday = isoWeekday(addDays(today, 1));
    const laterWeekdays = [1, 2, 3, 4, 5, 6, 7].filter((d) => d !== todayWeekday && d !== tomorrowWeekday);
    const notThisStay = await createOffer('Weekday Waffle', { redeem_weekdays: laterWeekdays });
    const stay = addDays(today, 1);
    const res = await submit({ offers: [notThisStay], checkout: stay });
    expectAnswer(res, 422, { detail: notDuringStayMessage('Weekday Waffle'), offer_id: notThisStay });
    // A longer stay reaches one of its days.
    expect((await submit({ offers: [notThisStay], checkout: addDays(today, 3) })).status).toBe(201);

    const blackout = await createOffer('Festival Feast', {
      blackout_dates: [{ from: today, to: addDays(today, 2) }],
    });
    expectAnswer(await submit({ offers: [blackout], checkout: addDays(today, 2) }), 422, {
      detail: notDuringStayMessage('Festival Feast'),
      offer_id: blackout,
    });
    expect((await submit({ offers: [blackout], checkout: addDays(today, 3) })).status).toBe(201);
  });

  it('a paused offer is off the guest list and refused', async () => {
    const paused = await createOffer('Paused Pudding');
    await t.db.update(offers).set({ isPaused: true }).where(eq(offers.id, paused));
    expect(await guestList()).not.toContain(paused);
    expectAnswer(await submit({ offers: [paused] }), 422, { detail: OFFERS_UNAVAILABLE });
  });
});
