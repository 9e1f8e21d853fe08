import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../src/shared/dates';
import { CARD_INACTIVE, CARD_LIMIT_REACHED } from '../../src/shared/schemas/placements';
import { ClaimSettingsView, PlacementView } from '../../src/server/modules/placements/placements.presenter';
import { expectAnswer, expectDetail, useRoleTokens, useTestContext } from '../support';
import { insertSubscribedHotel } from '../support/hotel-factories';
import { insertOffer } from '../support/offer-factories';
import { coupons, customerScans, hotelLinkDayClaims, placementDayClaims } from '../support/tables';
import { insertOne } from '../support/insert-one';
import { rebuildDerived } from '../../src/server/db/derived';
import { rowsOf } from '../../src/server/db/rows';

/**
 * docs/PRODUCT.md "Guest trust", what guests meet through a card: a switched-off or rotated card refused by the scan
 * check and the submission, the daily limits of a card and of the old link held exactly under concurrency, the old
 * link switched off, scans remembering their placement; the hotel's ranking of its cards against a recount, the spike
 * flags, and Customer Scans by placement. The placements themselves: placements.test.ts.
 *
 * The app trusts one proxy, so each guest comes from an address of its own (the submission limit is per address).
 */
const t = useTestContext({ env: { TRUST_PROXY: '1' } });
const tokens = useRoleTokens(t);
let today: string;
let hotelId: string;
let otherHotelId: string;
let offerId: string;
let locationId: number;
let hotelToken: string;
let otherHotelToken: string;

let guestCounter = 0;
const nextGuest = () => {
  guestCounter += 1;
  return {
    mobile: `96${String(10_000_000 + guestCounter * 7919).slice(-8)}`,
    address: `10.9.${(guestCounter >> 8) & 255}.${guestCounter & 255}`,
  };
};

/** A hotel made before placements came keeps its old link on (docs/PRODUCT.md "Guest trust"). */
const BEFORE_PLACEMENTS = new Date('2026-01-01T00:00:00Z');

beforeAll(async () => {
  today = todayIn(t.config.timeZone);
  locationId = (await t.createLocation()).id;
  const from = addDays(today, -30);
  const hotel = { locationId, createdAt: BEFORE_PLACEMENTS };
  hotelId = (await insertSubscribedHotel(t.db, { from, hotel })).hotel.id;
  otherHotelId = (await insertSubscribedHotel(t.db, { from, hotel })).hotel.id;
  const merchant = await t.createMerchant({ locationId });
  offerId = (await insertOffer(t.db, { merchantId: merchant.id })).id;
  [hotelToken, otherHotelToken] = await Promise.all([
    t.ownerToken('hotel', hotelId),
    t.ownerToken('hotel', otherHotelId),
  ]);
});

const base = (hotel = hotelId) => `/api/hotels/${hotel}/placements`;
const create = (json: unknown, token = tokens.superadmin, hotel = hotelId) =>
  t.request('POST', base(hotel), { token, json });
const list = async (hotel = hotelId, token = tokens.superadmin) => {
  const res = await t.request('GET', base(hotel), { token });
  expect(res.status, res.text).toBe(200);
  return res.body as PlacementView[];
};
const tokenOf = (placement: PlacementView) => new URL(placement.scan_path, 'http://x').searchParams.get('p')!;

function submit(cardToken: string | undefined, guest = nextGuest(), hotel = hotelId, key?: string) {
  const headers: Record<string, string> = { 'X-Forwarded-For': guest.address };
  if (key) headers['Idempotency-Key'] = key;
  return t.request('POST', '/api/customer-scans', {
    headers,
    json: {
      hotel_id: hotel,
      customer_name: 'Asha Rao',
      mobile_number: guest.mobile,
      checkout_date: addDays(today, 2),
      consent: true,
      selected_offers: [offerId],
      ...(cardToken ? { placement_token: cardToken } : {}),
    },
  });
}
const check = (cardToken: string | undefined, hotel = hotelId, guest = nextGuest()) =>
  t.request('GET', `/api/customer-scans/check/${hotel}/${guest.mobile}${cardToken ? `?p=${cardToken}` : ''}`, {
    headers: { 'X-Forwarded-For': guest.address },
  });
const setClaims = (json: Record<string, unknown>, hotel = hotelId, token = tokens.superadmin) =>
  t.request('PUT', `/api/hotels/${hotel}/claim-settings`, {
    token,
    json: { hotel_link_enabled: true, placement_daily_limit: 30, hotel_link_daily_limit: 30, ...json },
  });

describe('cards that no longer work', () => {
  it('a deactivated placement is refused by the check and the submission until reactivated', async () => {
    const [pool] = (await create({ kind: 'single', label: 'Pool' })).body as PlacementView[];
    const card = tokenOf(pool!);
    expectAnswer(await check(card), 200, { can_scan: true, message: 'You can collect your vouchers' });
    const off = await t.request('PUT', `${base()}/${pool!.id}`, { token: hotelToken, json: { is_active: false } });
    expectAnswer(off, 200, { ...pool, is_active: false });
    expectAnswer(await check(card), 200, { can_scan: false, message: CARD_INACTIVE });
    expectAnswer(await submit(card), 409, { detail: CARD_INACTIVE });
    const on = await t.request('PUT', `${base()}/${pool!.id}`, {
      token: hotelToken,
      json: { is_active: true, label: 'Pool Deck' },
    });
    expect(on.body).toMatchObject({ is_active: true, label: 'Pool Deck' });
    expect((await submit(card)).status).toBe(201);
  });

  it('rotation gives a new token: the old card is refused, the new one works', async () => {
    const [gym] = (await create({ kind: 'single', label: 'Gym' })).body as PlacementView[];
    const old = tokenOf(gym!);
    const rotated = await t.request('POST', `${base()}/${gym!.id}/rotate`, { token: hotelToken });
    expect(rotated.status, rotated.text).toBe(200);
    const fresh = tokenOf(rotated.body);
    expect(fresh).not.toBe(old);
    expectAnswer(await check(old), 200, { can_scan: false, message: CARD_INACTIVE });
    expectAnswer(await submit(old), 409, { detail: CARD_INACTIVE });
    expectAnswer(await check(fresh), 200, { can_scan: true, message: 'You can collect your vouchers' });
    expect((await submit(fresh)).status).toBe(201);
    // An unknown token, and another hotel's, are no card of this hotel.
    const elsewhere = (await create({ kind: 'single', label: 'Terrace' }, tokens.superadmin, otherHotelId)).body[0];
    expectAnswer(await submit(tokenOf(elsewhere)), 409, { detail: CARD_INACTIVE });
    expectAnswer(await check('A'.repeat(24)), 200, { can_scan: false, message: CARD_INACTIVE });
    expectDetail(await check('short'), 422);
  });
});

describe('daily claim limits', () => {
  it('parallel claims through one card against a limit of 3 get exactly 3; the others are refused', async () => {
    expect((await setClaims({ placement_daily_limit: 3 })).status).toBe(200);
    const [bar] = (await create({ kind: 'single', label: 'Bar' })).body as PlacementView[];
    const card = tokenOf(bar!);
    const results = await Promise.all(Array.from({ length: 12 }, () => submit(card)));
    expect(results.filter((res) => res.status === 201)).toHaveLength(3);
    for (const res of results.filter((r) => r.status !== 201)) expectAnswer(res, 409, { detail: CARD_LIMIT_REACHED });
    const [counter] = await t.db
      .select()
      .from(placementDayClaims)
      .where(and(eq(placementDayClaims.placementId, bar!.id), eq(placementDayClaims.day, today)));
    expect(counter?.claims).toBe(3);
    // The refused claims left no scan behind; the three issued remember their card.
    expect(await t.db.$count(customerScans, eq(customerScans.placementId, bar!.id))).toBe(3);
    expectAnswer(await check(card), 200, { can_scan: false, message: CARD_LIMIT_REACHED });
    expect((await list()).find((p) => p.id === bar!.id)?.claims_today).toBe(3);
    // Another card of the hotel still takes claims.
    const [cafe] = (await create({ kind: 'single', label: 'Cafe' })).body as PlacementView[];
    expect((await submit(tokenOf(cafe!))).status).toBe(201);
    await setClaims({});
  });

  it('a retry of a claim that went through (same Idempotency-Key) counts once', async () => {
    const [desk] = (await create({ kind: 'single', label: 'Front Desk' })).body as PlacementView[];
    const guest = nextGuest();
    const key = crypto.randomUUID();
    expect((await submit(tokenOf(desk!), guest, hotelId, key)).status).toBe(201);
    expect((await submit(tokenOf(desk!), guest, hotelId, key)).status).toBe(200);
    expect((await list()).find((p) => p.id === desk!.id)?.claims_today).toBe(1);
  });

  it('the old link has its own limit, and is refused once the hotel switches it off', async () => {
    const saved = await setClaims({ hotel_link_daily_limit: 2 }, otherHotelId, tokens.superadmin);
    expectAnswer(saved, 200, { hotel_link_enabled: true, placement_daily_limit: 30, hotel_link_daily_limit: 2 });
    expect(Object.keys(saved.body).sort()).toEqual(Object.keys(ClaimSettingsView.entries).sort());
    const results = await Promise.all(Array.from({ length: 6 }, () => submit(undefined, nextGuest(), otherHotelId)));
    expect(results.filter((res) => res.status === 201)).toHaveLength(2);
    for (const res of results.filter((r) => r.status !== 201)) expectAnswer(res, 409, { detail: CARD_LIMIT_REACHED });
    const [counter] = await t.db.select().from(hotelLinkDayClaims).where(eq(hotelLinkDayClaims.hotelId, otherHotelId));
    expect(counter?.claims).toBe(2);
    expectAnswer(await check(undefined, otherHotelId), 200, { can_scan: false, message: CARD_LIMIT_REACHED });
    // Scans through the old link have no placement.
    expect(
      await t.db.$count(
        customerScans,
        and(eq(customerScans.hotelId, otherHotelId), isNotNull(customerScans.placementId)),
      ),
    ).toBe(0);

    await setClaims({ hotel_link_enabled: false }, otherHotelId, otherHotelToken);
    expectAnswer(await check(undefined, otherHotelId), 200, { can_scan: false, message: CARD_INACTIVE });
    expectAnswer(await submit(undefined, nextGuest(), otherHotelId), 409, { detail: CARD_INACTIVE });
    await setClaims({ hotel_link_enabled: true, hotel_link_daily_limit: 100 }, otherHotelId);
    expect((await submit(undefined, nextGuest(), otherHotelId)).status).toBe(201);
  });
});

describe('attribution', () => {
  it("scans remember their card; the hotel's ranking matches a recount over any range; Customer Scans filters by it", async () => {
    const hotel = (await insertSubscribedHotel(t.db, { from: addDays(today, -30), hotel: { locationId } })).hotel.id;
    const hotelLogin = await t.ownerToken('hotel', hotel);
    const made = await create({ kind: 'room', range: '301-304' }, tokens.superadmin, hotel);
    const [r301, r302, r303] = made.body as PlacementView[];
    await setClaims({ hotel_link_enabled: true }, hotel);
    const plan: [PlacementView | undefined, number][] = [
      [r301, 5],
      [r302, 2],
      [r303, 0],
      [undefined, 3],
    ];
    const scanIds: Record<string, string[]> = {};
    for (const [card, n] of plan)
      for (let i = 0; i < n; i++) {
        const res = await submit(card && tokenOf(card), nextGuest(), hotel);
        expect(res.status, res.text).toBe(201);
        (scanIds[card?.id ?? 'link'] ??= []).push(res.body.scan_id);
      }
    // Redeem one voucher of 302's first guest.
    const [voucher] = await t.db.select().from(coupons).where(eq(coupons.scanId, scanIds[r302!.id]![0]!));
    await t.db.update(coupons).set({ isRedeemed: true, redeemedAt: new Date() }).where(eq(coupons.id, voucher!.id));

    const ranking = async (query = '') => {
      const res = await t.request('GET', `/api/hotel/placement-ranking${query}`, { token: hotelLogin });
      expect(res.status, res.text).toBe(200);
      return res.body as { placement_id: string | null; label: string; guests: number; redemptions: number }[];
    };
    const recount = async (from: string, to: string) =>
      rowsOf<{ placement_id: string | null; guests: number; redemptions: number }>(
        await t.db.execute(sql`
          select s.placement_id, count(distinct s.id)::int as guests, count(c.id) filter (where c.is_redeemed)::int as redemptions
          from customer_scans s left join coupons c on c.scan_id = s.id
          where s.hotel_id = ${hotel}::uuid and stayperks_business_day(s.scan_date) between ${from}::date and ${to}::date
          group by 1`),
      );
    const rows = await ranking();
    expect(rows.map((r) => [r.label, r.guests, r.redemptions])).toEqual([
      ['Room 301', 5, 0],
      ['Hotel link (old QR code)', 3, 0],
      ['Room 302', 2, 1],
      ['Room 303', 0, 0],
      ['Room 304', 0, 0],
    ]);
    for (const [from, to] of [
      [today, today],
      [addDays(today, -7), today],
    ] as const) {
      const counted = new Map((await recount(from, to)).map((r) => [r.placement_id, r]));
      for (const row of await ranking(`?from=${from}&to=${to}`)) {
        const expected = counted.get(row.placement_id) ?? { guests: 0, redemptions: 0 };
        expect([row.label, row.guests, row.redemptions]).toEqual([row.label, expected.guests, expected.redemptions]);
      }
    }
    // npm run db:rebuild-derived recounts the counters from the scans: the same figures.
    const counters = async () =>
      (await t.db.select().from(placementDayClaims)).map((r) => `${r.placementId} ${r.day} ${r.claims}`).sort();
    const before = await counters();
    await rebuildDerived(t.db);
    expect(await counters()).toEqual(before);
    expect(await ranking()).toEqual(rows);
    // A range before these scans has none.
    const earlier = await ranking(`?from=${addDays(today, -20)}&to=${addDays(today, -10)}`);
    expect(earlier.every((r) => r.guests === 0 && r.redemptions === 0)).toBe(true);
    expectDetail(
      await t.request('GET', `/api/hotel/placement-ranking?from=${today}&to=${addDays(today, -1)}`, {
        token: hotelLogin,
      }),
      422,
    );

    // Customer Scans shows each scan's card and filters by it (list and export).
    const list = await t.request('GET', `/api/customer-scans?hotel_id=${hotel}&placement_id=${r301!.id}`, {
      token: tokens.superadmin,
    });
    expect(list.status, list.text).toBe(200);
    expect(list.headers.get('X-Total-Count')).toBe('5');
    expect(list.body.map((row: { id: string }) => row.id).sort()).toEqual([...scanIds[r301!.id]!].sort());
    expect(new Set(list.body.map((row: { placement_label: string }) => row.placement_label))).toEqual(
      new Set(['Room 301']),
    );
    const all = await t.request('GET', `/api/customer-scans?hotel_id=${hotel}`, { token: tokens.superadmin });
    expect(all.body.filter((row: { placement_id: string | null }) => row.placement_id === null)).toHaveLength(3);
    const csv = await t.app.request(`/api/customer-scans/export?hotel_id=${hotel}&placement_id=${r302!.id}`, {
      headers: { Authorization: `Bearer ${tokens.superadmin}` },
    });
    const text = await csv.text();
    expect(text.split('\r\n').filter((line) => line.includes('Room 302'))).toHaveLength(2 * 1); // a line a voucher
  });

  it("flags today's spikes: a card at its limit, or far above its usual day", async () => {
    const hotel = (await insertSubscribedHotel(t.db, { from: addDays(today, -30), hotel: { locationId } })).hotel.id;
    const hotelLogin = await t.ownerToken('hotel', hotel);
    await setClaims({ placement_daily_limit: 2 }, hotel);
    const [full, busy] = (await create({ kind: 'room', range: '401-402' }, tokens.superadmin, hotel))
      .body as PlacementView[];
    for (let i = 0; i < 2; i++) expect((await submit(tokenOf(full!), nextGuest(), hotel)).status).toBe(201);
    // A surge: 12 claims today against a usual day of 1 (28 claims over the last 28 days), limit raised.
    await setClaims({ placement_daily_limit: 50 }, hotel);
    for (let d = 1; d <= 28; d++)
      await insertOne(t.db, placementDayClaims, { placementId: busy!.id, day: addDays(today, -d), claims: 1 });
    for (let i = 0; i < 12; i++) expect((await submit(tokenOf(busy!), nextGuest(), hotel)).status).toBe(201);
    await setClaims({ placement_daily_limit: 2 }, hotel);

    const rows = (await t.request('GET', '/api/hotel/placement-ranking', { token: hotelLogin })).body;
    const byLabel = Object.fromEntries(rows.map((r: { label: string }) => [r.label, r]));
    expect(byLabel['Room 401']).toMatchObject({ claims_today: 2, daily_limit: 2, spike: 'limit' });
    expect(byLabel['Room 402']).toMatchObject({ claims_today: 12, usual_day: 1, spike: 'limit' });
    await setClaims({ placement_daily_limit: 50 }, hotel);
    const after = (await t.request('GET', '/api/hotel/placement-ranking', { token: hotelLogin })).body;
    expect(after.find((r: { label: string }) => r.label === 'Room 402')).toMatchObject({ spike: 'surge' });
    expect(after.find((r: { label: string }) => r.label === 'Room 401')).toMatchObject({ spike: null });

    const alerts = await t.request('GET', '/api/dashboard/superadmin/card-alerts', { token: tokens.manager });
    expect(alerts.status, alerts.text).toBe(200);
    expect(alerts.body.filter((a: { hotel_id: string }) => a.hotel_id === hotel)).toEqual([
      {
        hotel_id: hotel,
        hotel_name: expect.any(String),
        placement_id: busy!.id,
        label: 'Room 402',
        claims_today: 12,
        daily_limit: 50,
        usual_day: 1,
        spike: 'surge',
      },
    ]);
  });
});
