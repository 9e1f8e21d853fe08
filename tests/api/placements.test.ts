import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../src/shared/dates';
import { RANGE_INVALID, RANGE_REVERSED, RANGE_TOO_LARGE } from '../../src/shared/schemas/placements';
import { ClaimSettingsView, PlacementView } from '../../src/server/modules/placements/placements.presenter';
import { expectAnswer, expectDetail, useRoleTokens, useTestContext } from '../support';
import { insertSubscribedHotel } from '../support/hotel-factories';
import { pdfText } from '../support/pdf-text';
import { auditEvents, hotels, placements } from '../support/tables';

/**
 * docs/PRODUCT.md "Guest trust", the placements themselves: single and room ranges with their bad input, the 2,000 a
 * hotel, rename, switch off and on, rotation, the room cards of placements, the claim settings and the old link of new
 * hotels, roles and ownership. What guests meet through a card (refusals, limits, attribution):
 * placement-claims.test.ts.
 */
const t = useTestContext();
const tokens = useRoleTokens(t);
let today: string;
let hotelId: string;
let otherHotelId: string;
let hotelToken: string;
let otherHotelToken: string;

/** A hotel made before placements came keeps its old link on (docs/PRODUCT.md "Guest trust"). */
const BEFORE_PLACEMENTS = new Date('2026-01-01T00:00:00Z');

beforeAll(async () => {
  today = todayIn(t.config.timeZone);
  const locationId = (await t.createLocation()).id;
  const from = addDays(today, -30);
  const hotel = { locationId, createdAt: BEFORE_PLACEMENTS };
  hotelId = (await insertSubscribedHotel(t.db, { from, hotel })).hotel.id;
  otherHotelId = (await insertSubscribedHotel(t.db, { from, hotel })).hotel.id;
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
const placementCount = (hotel = hotelId) => t.db.$count(placements, eq(placements.hotelId, hotel));

const setClaims = (json: Record<string, unknown>, hotel = hotelId, token = tokens.superadmin) =>
  t.request('PUT', `/api/hotels/${hotel}/claim-settings`, {
    token,
    json: { hotel_link_enabled: true, placement_daily_limit: 30, hotel_link_daily_limit: 30, ...json },
  });

describe('making placements', () => {
  it('a single placement and a room range "101-120" make 21 cards with their own unguessable tokens', async () => {
    const lobby = await create({ kind: 'single', label: '  Lobby ' });
    expect(lobby.status, lobby.text).toBe(201);
    expect(lobby.body).toHaveLength(1);
    expect(Object.keys(lobby.body[0]).sort()).toEqual(Object.keys(PlacementView.entries).sort());
    expect(lobby.body[0]).toMatchObject({ label: 'Lobby', kind: 'single', is_active: true, claims_today: 0 });
    const rooms = await create({ kind: 'room', range: '101-120' });
    expect(rooms.status, rooms.text).toBe(201);
    expect(rooms.body.map((p: PlacementView) => p.label)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Room ${101 + i}`),
    );
    const all = await list();
    expect(all).toHaveLength(21);
    const cardTokens = all.map(tokenOf);
    expect(new Set(cardTokens).size).toBe(21);
    for (const [i, placement] of all.entries()) {
      expect(placement.scan_path).toBe(`/scan/${hotelId}?p=${cardTokens[i]}`);
      expect(cardTokens[i]).toMatch(/^[A-Za-z0-9_-]{24}$/); // 144 random bits
    }
    // Made by the super admin, recorded in the hotel's trail as cards added.
    expect(
      await t.db.$count(auditEvents, and(eq(auditEvents.action, 'placement.add'), eq(auditEvents.entityId, hotelId))),
    ).toBe(2);
  });

  it('refuses a malformed, reversed, too long or overlapping range, and a taken label, making nothing', async () => {
    const before = await placementCount();
    const refusals: [unknown, number, string][] = [
      [{ kind: 'room', range: 'abc' }, 422, RANGE_INVALID],
      [{ kind: 'room', range: '101' }, 422, RANGE_INVALID],
      [{ kind: 'room', range: '101-1x' }, 422, RANGE_INVALID],
      [{ kind: 'room', range: 'A101-B120' }, 422, RANGE_INVALID],
      [{ kind: 'room', range: '-5-10' }, 422, RANGE_INVALID],
      [{ kind: 'room', range: '120-101' }, 422, RANGE_REVERSED],
      [{ kind: 'room', range: '1-501' }, 422, RANGE_TOO_LARGE],
      [
        { kind: 'room', range: '115-125' },
        409,
        'Room 115, Room 116, Room 117, Room 118, Room 119 and 1 more already have cards',
      ],
      [{ kind: 'room', range: '120-120' }, 409, 'Room 120 already has a card'],
      [{ kind: 'single', label: 'Lobby' }, 409, 'Lobby already has a card'],
      [{ kind: 'single', label: '   ' }, 422, 'Please enter a name for the placement'],
      [{ kind: 'suite', label: 'x' }, 422, 'kind must be single or room'],
    ];
    for (const [json, status, detail] of refusals) {
      const res = await create(json);
      expectAnswer(res, status, { detail }, JSON.stringify(json));
    }
    expectDetail(await create({ kind: 'single' }), 422);
    expectDetail(await create({ kind: 'room' }), 422);
    expect(await placementCount()).toBe(before);
  });

  it('a range of 500 is taken; a hotel holds at most 2,000 placements', async () => {
    const hotel = (await insertSubscribedHotel(t.db, { from: today, hotel: { createdAt: BEFORE_PLACEMENTS } })).hotel
      .id;
    for (const range of ['1-500', '501-1000', '1001-1500', '1501-1999']) {
      const res = await create({ kind: 'room', range }, tokens.superadmin, hotel);
      expect(res.status, res.text).toBe(201);
    }
    expect(await placementCount(hotel)).toBe(1999);
    expectAnswer(await create({ kind: 'room', range: '2000-2001' }, tokens.superadmin, hotel), 422, {
      detail: 'A hotel can have at most 2,000 placements: this one has 1999, so at most 1 more',
    });
    expect(await placementCount(hotel)).toBe(1999);
    expect((await create({ kind: 'single', label: 'Lobby' }, tokens.superadmin, hotel)).status).toBe(201);
    expectDetail(await create({ kind: 'single', label: 'Pool' }, tokens.superadmin, hotel), 422);
    expect(await list(hotel)).toHaveLength(2000);
  });
});

describe('roles and ownership', () => {
  it('a hotel manages its own placements only; merchants and guests none', async () => {
    const own = await create({ kind: 'single', label: 'Restaurant' }, hotelToken);
    expect(own.status, own.text).toBe(201);
    expect((await list(hotelId, hotelToken)).map((p) => p.label)).toContain('Restaurant');
    // Another hotel's placements do not exist for it.
    expectDetail(await t.request('GET', base(otherHotelId), { token: hotelToken }), 404);
    expectDetail(await create({ kind: 'single', label: 'Spa' }, hotelToken, otherHotelId), 404);
    const restaurant = own.body[0] as PlacementView;
    for (const [method, path, json] of [
      ['PUT', `${base(hotelId)}/${restaurant.id}`, { label: 'Bar' }],
      ['POST', `${base(hotelId)}/${restaurant.id}/rotate`, undefined],
      [
        'PUT',
        `/api/hotels/${hotelId}/claim-settings`,
        { hotel_link_enabled: false, placement_daily_limit: 5, hotel_link_daily_limit: 5 },
      ],
      ['GET', `/api/hotels/${hotelId}/claim-settings`, undefined],
    ] as const) {
      expectDetail(await t.request(method, path, { token: otherHotelToken, json }), 404, `${method} ${path}`);
      expectDetail(await t.request(method, path, { token: tokens.merchant, json }), 403, `${method} ${path}`);
      expectDetail(await t.request(method, path, { json }), 401, `${method} ${path}`);
    }
    // A placement of another hotel under this hotel's path is not found either.
    const elsewhere = (await create({ kind: 'single', label: 'Gym' }, tokens.superadmin, otherHotelId)).body[0];
    expectDetail(
      await t.request('PUT', `${base(hotelId)}/${elsewhere.id}`, { token: hotelToken, json: { label: 'X' } }),
      404,
    );
    expect((await list(hotelId, tokens.manager)).length).toBeGreaterThan(0);
  });
});

describe('rename, switch off and on, new card', () => {
  it('renames and (de)activates a placement, refuses a taken name, and rotation replaces only the token', async () => {
    const [spa] = (await create({ kind: 'single', label: 'Spa' })).body as PlacementView[];
    const put = (json: unknown) => t.request('PUT', `${base()}/${spa!.id}`, { token: hotelToken, json });
    expectAnswer(await put({ label: 'Spa & Wellness' }), 200, { ...spa, label: 'Spa & Wellness' });
    expectAnswer(await put({ label: 'Lobby' }), 409, { detail: 'Lobby already has a card' });
    expectAnswer(await put({ is_active: false }), 200, { ...spa, label: 'Spa & Wellness', is_active: false });
    expectDetail(await put({ is_active: 'no' }), 422);
    expectDetail(await put({ label: '' }), 422);
    const rotated = await t.request('POST', `${base()}/${spa!.id}/rotate`, { token: hotelToken });
    expect(rotated.status, rotated.text).toBe(200);
    expect(rotated.body).toMatchObject({ id: spa!.id, label: 'Spa & Wellness', is_active: false });
    expect(tokenOf(rotated.body)).not.toBe(tokenOf(spa!));
    expectDetail(await t.request('POST', `${base()}/${crypto.randomUUID()}/rotate`, { token: hotelToken }), 404);
  });
});

describe('room cards of placements', () => {
  const pdf = async (hotel: string, query = '') => {
    const res = await t.app.request(`/api/hotels/${hotel}/room-cards.pdf${query}`, {
      headers: { Authorization: `Bearer ${tokens.superadmin}` },
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    return {
      status: res.status,
      bytes,
      text: pdfText(bytes),
      pages: bytes.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0,
    };
  };

  it('prints one card per active placement with its label, and the old link only while it is on', async () => {
    const hotel = (await insertSubscribedHotel(t.db, { from: today, hotel: { createdAt: BEFORE_PLACEMENTS } })).hotel
      .id;
    expect((await create({ kind: 'room', range: '201-220' }, tokens.superadmin, hotel)).status).toBe(201);
    const all = await pdf(hotel);
    expect(all.status).toBe(200);
    expect(all.pages).toBe(21); // the old link's card, then 20 rooms
    for (let room = 201; room <= 220; room++) expect(all.text).toContain(`Room ${room}`);
    const placementsOf = await list(hotel);
    expect(all.text).toContain(`/scan/${hotel}?p=${tokenOf(placementsOf[0]!)}`);
    expect((await pdf(hotel, '?layout=a4x4')).pages).toBe(6);
    // A chosen range, or chosen ids: those cards only.
    const some = await pdf(hotel, '?rooms=205-207');
    expect(some.pages).toBe(3);
    expect(some.text).toContain('Room 206');
    expect(some.text).not.toContain('Room 208');
    const one = await pdf(hotel, `?ids=${placementsOf[3]!.id}`);
    expect(one.pages).toBe(1);
    expect(one.text).toContain('Room 204');
    // A switched-off placement and the switched-off old link print no card.
    await t.request('PUT', `${base(hotel)}/${placementsOf[0]!.id}`, {
      token: tokens.superadmin,
      json: { is_active: false },
    });
    await setClaims({ hotel_link_enabled: false }, hotel);
    const after = await pdf(hotel);
    expect(after.pages).toBe(19);
    expect(after.text).not.toContain('Room 201');
    expectDetail(
      await t.request('GET', `/api/hotels/${hotel}/room-cards.pdf?rooms=900-901`, { token: tokens.superadmin }),
      404,
    );
    expectDetail(
      await t.request('GET', `/api/hotels/${hotel}/room-cards.pdf?rooms=9-1`, { token: tokens.superadmin }),
      422,
    );
    expectDetail(
      await t.request('GET', `/api/hotels/${hotel}/room-cards.pdf?ids=nope`, { token: tokens.superadmin }),
      422,
    );
  });
});

describe('claim settings', () => {
  it('refuses bad claim settings, changing nothing', async () => {
    // A hotel as the migration makes it: both limits 30 (the test factory raises the old link's).
    await t.db.update(hotels).set({ hotelLinkDailyLimit: 30 }).where(eq(hotels.id, hotelId));
    for (const json of [
      { placement_daily_limit: 0 },
      { placement_daily_limit: 100_001 },
      { placement_daily_limit: 2.5 },
      { hotel_link_daily_limit: '5' },
      { hotel_link_enabled: 'yes' },
    ])
      expectDetail(await setClaims(json), 422, JSON.stringify(json));
    const res = await t.request('GET', `/api/hotels/${hotelId}/claim-settings`, { token: hotelToken });
    expectAnswer(res, 200, { hotel_link_enabled: true, placement_daily_limit: 30, hotel_link_daily_limit: 30 });
    expect(Object.keys(res.body).sort()).toEqual(Object.keys(ClaimSettingsView.entries).sort());
    const saved = await setClaims({ placement_daily_limit: 12 }, hotelId, hotelToken);
    expectAnswer(saved, 200, { hotel_link_enabled: true, placement_daily_limit: 12, hotel_link_daily_limit: 30 });
    await setClaims({});
  });
});

describe('the old link of new hotels', () => {
  it('a hotel made after placements came switches its old link off with its first placement; older ones keep it', async () => {
    const fresh = (await insertSubscribedHotel(t.db, { from: today })).hotel.id;
    const settings = () => t.request('GET', `/api/hotels/${fresh}/claim-settings`, { token: tokens.superadmin });
    expect((await settings()).body.hotel_link_enabled).toBe(true);
    expect((await create({ kind: 'room', range: '1-2' }, tokens.superadmin, fresh)).status).toBe(201);
    expect((await settings()).body.hotel_link_enabled).toBe(false);
    // Switched back on by the hotel, a later placement leaves it on.
    await setClaims({ hotel_link_enabled: true }, fresh);
    expect((await create({ kind: 'single', label: 'Lobby' }, tokens.superadmin, fresh)).status).toBe(201);
    expect((await settings()).body.hotel_link_enabled).toBe(true);
    // The older hotel of this file kept its link through all its placements.
    const res = await t.request('GET', `/api/hotels/${hotelId}/claim-settings`, { token: tokens.superadmin });
    expect(res.body.hotel_link_enabled).toBe(true);
  });
});
