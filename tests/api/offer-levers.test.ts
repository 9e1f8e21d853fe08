import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, coupons, offerCapUsage, offerDayUsage, offers } from '../support/tables';
import { addDays } from '../../src/shared/dates';
import { OfferView } from '../../src/server/modules/offers/offers.presenter';
import { expectAnswer, useRoleTokens, useTestContext } from '../support';
import { insertSubscribedHotel } from '../support/hotel-factories';
import { businessToday, insertCouponFor, insertOffer, offerInput } from '../support/offer-factories';
import * as v from 'valibot';

/**
 * The merchant's levers (docs/PRODUCT.md "Offer rules"): pause and resume from My Offers (off the guest list at once,
 * the back office's switch wins), and the usage figures in My Offers and All Offers, read from the caps' counts
 * (docs/DATA.md "Offer caps"), with All Offers' "Cap reached" filter.
 */

const ctx = useTestContext();
const tokens = useRoleTokens(ctx);
const today = businessToday();
let merchant: { token: string; merchantId: string };
let other: { token: string; merchantId: string };
let hotelId: string;
let locationId: number;

beforeAll(async () => {
  const location = await ctx.createLocation();
  locationId = location.id;
  hotelId = (await insertSubscribedHotel(ctx.db, { from: addDays(today, -30), hotel: { locationId } })).hotel.id;
  const login = await ctx.createMerchantLogin({ merchant: { locationId } });
  merchant = { token: await ctx.tokenFor(login.username, login.password), merchantId: login.merchantId! };
  const otherLogin = await ctx.createMerchantLogin({ merchant: { locationId } });
  other = { token: await ctx.tokenFor(otherLogin.username, otherLogin.password), merchantId: otherLogin.merchantId! };
});

const pause = (id: string, paused: unknown, token = merchant.token) =>
  ctx.request('PUT', `/api/merchant/my-offers/${id}/pause`, { token, json: { paused } });
const guestList = () => ctx.request('GET', `/api/offers?hotel_id=${hotelId}`);
const guestIds = async () => (await guestList()).body.map((o: { id: string }) => o.id) as string[];
const offerRow = async (id: string) => (await ctx.db.select().from(offers).where(eq(offers.id, id)))[0]!;
const eventsOf = (id: string) =>
  ctx.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entity, 'offer'), eq(auditEvents.entityId, id)))
    .orderBy(auditEvents.at);

describe('PUT /api/merchant/my-offers/{id}/pause', () => {
  it('pauses: off the guest list at once (a new ETag), audited; resume brings it back', async () => {
    const offer = await insertOffer(ctx.db, { merchantId: merchant.merchantId });
    const before = await guestList();
    expect(before.body.map((o: { id: string }) => o.id)).toContain(offer.id);

    const res = await pause(offer.id, true);
    expect(res.status, res.text).toBe(200);
    expect(v.safeParse(OfferView, res.body).issues).toBeUndefined();
    expect(res.body).toMatchObject({ id: offer.id, is_paused: true, is_active: true, status: 'Active' });
    expect(await offerRow(offer.id)).toMatchObject({ isPaused: true, isActive: true });
    const after = await guestList();
    expect(after.headers.get('ETag')).not.toBe(before.headers.get('ETag'));
    expect(after.body.map((o: { id: string }) => o.id)).not.toContain(offer.id);
    // The old copy is stale: its ETag gets the new list, not a 304.
    const revalidated = await ctx.request('GET', `/api/offers?hotel_id=${hotelId}`, {
      headers: { 'If-None-Match': before.headers.get('ETag')! },
    });
    expect(revalidated.status).toBe(200);
    expect((await ctx.request('GET', `/api/offers/${offer.id}/details?hotel_id=${hotelId}`)).status).toBe(404);
    // My Offers still lists it, paused.
    const mine = await ctx.request('GET', '/api/merchant/my-offers', { token: merchant.token });
    expect(mine.body.find((o: { id: string }) => o.id === offer.id)).toMatchObject({ is_paused: true });

    // Pausing again changes nothing and records nothing.
    expectAnswer(await pause(offer.id, true), 200, res.body);

    const resumed = await pause(offer.id, false);
    expect(resumed.status).toBe(200);
    expect(resumed.body.is_paused).toBe(false);
    expect(await guestIds()).toContain(offer.id);

    const events = await eventsOf(offer.id);
    expect(events.map((e) => e.action)).toEqual(['offer.pause', 'offer.resume']);
    expect(events[0]).toMatchObject({
      before: { is_paused: false, merchant_id: merchant.merchantId },
      after: { is_paused: true, offer_name: offer.offerName },
    });
  });

  it("another merchant's offer, an unknown or an archived one: 404, nothing changes", async () => {
    const theirs = await insertOffer(ctx.db, { merchantId: other.merchantId });
    expectAnswer(await pause(theirs.id, true), 404, { detail: 'Offer not found' });
    expect((await offerRow(theirs.id)).isPaused).toBe(false);
    expect(await guestIds()).toContain(theirs.id);
    expect((await pause('00000000-0000-4000-8000-000000000000', true)).status).toBe(404);
    const archived = await insertOffer(ctx.db, { merchantId: merchant.merchantId, archivedAt: new Date() });
    expect((await pause(archived.id, true)).status).toBe(404);
    expect(await eventsOf(theirs.id)).toEqual([]);
  });

  it('takes {paused: true | false} only, from a merchant', async () => {
    const offer = await insertOffer(ctx.db, { merchantId: merchant.merchantId });
    for (const body of [{}, { paused: 'yes' }, { paused: null }, { paused: 1 }]) {
      const res = await ctx.request('PUT', `/api/merchant/my-offers/${offer.id}/pause`, {
        token: merchant.token,
        json: body,
      });
      expectAnswer(res, 422, { detail: 'paused must be true or false' }, JSON.stringify(body));
    }
    expect((await pause(offer.id, true, '')).status).toBe(401);
    for (const token of [tokens.superadmin, tokens.admin, tokens.hotel])
      expect((await pause(offer.id, true, token)).status).toBe(403);
    expect((await offerRow(offer.id)).isPaused).toBe(false);
  });

  it("the super admin's switch wins: an offer switched off stays off whatever the merchant does", async () => {
    const offer = await insertOffer(ctx.db, { merchantId: merchant.merchantId });
    const off = await ctx.request('PATCH', `/api/offers/${offer.id}/toggle-active`, { token: tokens.superadmin });
    expect(off.body.is_active).toBe(false);
    expect(await guestIds()).not.toContain(offer.id);
    // Paused and resumed: still off.
    await pause(offer.id, true);
    const resumed = await pause(offer.id, false);
    expect(resumed.body).toMatchObject({ is_paused: false, is_active: false, status: 'Inactive' });
    expect(await guestIds()).not.toContain(offer.id);
    // The merchant's edit cannot switch it on either.
    const edit = await ctx.request('PUT', `/api/merchant/my-offers/${offer.id}`, {
      token: merchant.token,
      json: {
        ...offerInput(merchant.merchantId, today),
        validity_from: offer.validityFrom,
        validity_to: offer.validityTo,
        is_active: true,
      },
    });
    expect(edit.status, edit.text).toBe(200);
    expect(edit.body.is_active).toBe(false);
    expect((await offerRow(offer.id)).isActive).toBe(false);
    expect(await guestIds()).not.toContain(offer.id);
    // Switched on again by the back office, it is back (not paused).
    await ctx.request('PATCH', `/api/offers/${offer.id}/toggle-active`, { token: tokens.superadmin });
    expect(await guestIds()).toContain(offer.id);
  });

  it("the merchant's new offer is active whatever the form sends (the pause is the merchant's lever)", async () => {
    const res = await ctx.request('POST', '/api/merchant/my-offers', {
      token: merchant.token,
      json: { ...offerInput(merchant.merchantId, today), is_active: false },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ is_active: true, is_paused: false });
  });
});

describe('usage figures: vouchers left today and in total, Cap reached', () => {
  /** An offer of the merchant with these caps set through the API (which makes the usage rows). */
  async function cappedOffer(caps: { total_cap?: number | null; daily_cap?: number | null }, coupons = 0) {
    const offer = await insertOffer(ctx.db, { merchantId: merchant.merchantId });
    for (let i = 0; i < coupons; i++) await insertCouponFor(ctx.db, offer);
    const res = await ctx.request('PUT', `/api/merchant/my-offers/${offer.id}`, {
      token: merchant.token,
      json: {
        ...offerInput(merchant.merchantId, today),
        validity_from: offer.validityFrom,
        validity_to: offer.validityTo,
        ...caps,
      },
    });
    expect(res.status, res.text).toBe(200);
    return { offer, answer: res.body };
  }
  const allOffers = async (query = '') => {
    const res = await ctx.request('GET', `/api/offers${query}`, { token: tokens.superadmin });
    expect(res.status, res.text).toBe(200);
    return res.body as { id: string }[];
  };
  const figures = (o: Record<string, unknown> | undefined) =>
    o && {
      issued_today: o.issued_today,
      issued_total: o.issued_total,
      left_today: o.left_today,
      left_total: o.left_total,
      cap_reached: o.cap_reached,
    };

  it('are read from the caps’ counts: the same in My Offers, All Offers and one offer', async () => {
    const { offer, answer } = await cappedOffer({ total_cap: 10, daily_cap: 4 }, 3);
    const expected = { issued_today: 3, issued_total: 3, left_today: 1, left_total: 7, cap_reached: false };
    expect(figures(answer)).toEqual(expected);
    const mine = await ctx.request('GET', '/api/merchant/my-offers', { token: merchant.token });
    expect(figures(mine.body.find((o: { id: string }) => o.id === offer.id))).toEqual(expected);
    expect(figures((await allOffers()).find((o) => o.id === offer.id))).toEqual(expected);
    expect(figures((await allOffers(`?location_id=${locationId}`)).find((o) => o.id === offer.id))).toEqual(expected);
    const one = await ctx.request('GET', `/api/offers/${offer.id}`, { token: tokens.superadmin });
    expect(figures(one.body)).toEqual(expected);

    // The counts the issuing transaction keeps are what the lists answer (no recount of the coupons).
    await ctx.db.update(offerCapUsage).set({ issued: 10 }).where(eq(offerCapUsage.offerId, offer.id));
    expect(figures((await allOffers()).find((o) => o.id === offer.id))).toEqual({
      ...expected,
      issued_total: 10,
      left_total: 0,
      cap_reached: true,
    });
    await ctx.db.update(offerCapUsage).set({ issued: 3 }).where(eq(offerCapUsage.offerId, offer.id));
    await ctx.db
      .update(offerDayUsage)
      .set({ issued: 4 })
      .where(and(eq(offerDayUsage.offerId, offer.id), eq(offerDayUsage.day, today)));
    expect(figures((await allOffers()).find((o) => o.id === offer.id))).toEqual({
      ...expected,
      issued_today: 4,
      left_today: 0,
      cap_reached: true,
    });
  });

  it("a daily cap's day starts afresh: yesterday's count is not today's", async () => {
    const { offer } = await cappedOffer({ daily_cap: 2 });
    // Only yesterday's row: nothing issued today yet.
    await ctx.db
      .update(offerDayUsage)
      .set({ day: addDays(today, -1), issued: 2 })
      .where(eq(offerDayUsage.offerId, offer.id));
    expect(figures((await allOffers()).find((o) => o.id === offer.id))).toEqual({
      issued_today: 0,
      issued_total: null,
      left_today: 2,
      left_total: null,
      cap_reached: false,
    });
  });

  it('an offer without caps has no figures and never reaches a cap', async () => {
    const offer = await insertOffer(ctx.db, { merchantId: merchant.merchantId });
    await insertCouponFor(ctx.db, offer);
    expect(figures((await allOffers()).find((o) => o.id === offer.id))).toEqual({
      issued_today: null,
      issued_total: null,
      left_today: null,
      left_total: null,
      cap_reached: false,
    });
  });

  it('cancelled vouchers are not counted when a cap is set', async () => {
    const offer = await insertOffer(ctx.db, { merchantId: merchant.merchantId });
    const { coupon } = await insertCouponFor(ctx.db, offer);
    await insertCouponFor(ctx.db, offer);
    await ctx.db.update(coupons).set({ cancelledAt: new Date() }).where(eq(coupons.id, coupon.id));
    const res = await ctx.request('PUT', `/api/offers/${offer.id}`, {
      token: tokens.superadmin,
      json: {
        ...offerInput(merchant.merchantId, today),
        validity_from: offer.validityFrom,
        validity_to: offer.validityTo,
        total_cap: 1,
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(figures(res.body)).toEqual({
      issued_today: null,
      issued_total: 1,
      left_today: null,
      left_total: 0,
      cap_reached: true,
    });
  });

  it('GET /api/offers?cap_reached=true|false: All Offers by "Cap reached", with the other filters', async () => {
    const full = (await cappedOffer({ total_cap: 2 }, 2)).offer;
    const fullToday = (await cappedOffer({ total_cap: 10, daily_cap: 1 }, 1)).offer;
    const open = (await cappedOffer({ total_cap: 5 }, 1)).offer;
    const uncapped = await insertOffer(ctx.db, { merchantId: merchant.merchantId });
    const reached = (await allOffers('?cap_reached=true')).map((o) => o.id);
    expect(reached).toEqual(expect.arrayContaining([full.id, fullToday.id]));
    expect(reached).not.toContain(open.id);
    expect(reached).not.toContain(uncapped.id);
    for (const o of await allOffers('?cap_reached=true')) expect(o).toMatchObject({ cap_reached: true });
    const available = (await allOffers('?cap_reached=false')).map((o) => o.id);
    expect(available).toEqual(expect.arrayContaining([open.id, uncapped.id]));
    expect(available).not.toContain(full.id);
    expect(available).not.toContain(fullToday.id);
    // Together they are the whole list; with a location, that location's.
    expect(reached.length + available.length).toBe((await allOffers()).length);
    const elsewhere = await ctx.createLocation();
    expect(await allOffers(`?cap_reached=true&location_id=${elsewhere.id}`)).toEqual([]);
    expect((await allOffers(`?cap_reached=true&location_id=${locationId}`)).map((o) => o.id)).toEqual(
      expect.arrayContaining([full.id, fullToday.id]),
    );
    for (const bad of ['yes', '1', '', 'TRUE']) {
      const res = await ctx.request('GET', `/api/offers?cap_reached=${bad}`, { token: tokens.superadmin });
      expectAnswer(res, 422, { detail: 'cap_reached must be true or false' }, bad);
    }
  });
});
