import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { HotelView, PublicHotelView } from '../../src/server/modules/hotels/hotels.presenter';
import { createApp } from '../../src/server/platform/app';
import { customerScans, hotels, subscriptionPeriods, users } from '../support/tables';
import { addDays, addMonths, todayIn } from '../../src/shared/dates';
import { GOOGLE_LINK_MESSAGE } from '../../src/shared/schemas/hotels';
import { uniqueName, useTestContext } from '../support';
import {
  durationByMonths,
  HOTEL_REQUIRED_FIELDS,
  insertScan,
  insertSubscribedHotel,
  PDF_BYTES,
  periodsOf,
  PNG_BYTES,
  uploadForm,
} from '../support/hotel-factories';

const ctx = useTestContext();
let superadmin: string;
let admin: string;
let manager: string;
let hotelToken: string;
let merchantToken: string;
let today: string;
let location: { id: number; name: string };
let months: Record<1 | 3 | 6 | 12, number>;

const REQUIRED = 'Please fill all required fields';

/** A hotel's fields, from its response schemas: the guest's, and what the super admin sees. */
const PUBLIC_KEYS = Object.keys(PublicHotelView.entries).sort();
const FULL_KEYS = Object.keys(HotelView.entries).sort();

beforeAll(async () => {
  [superadmin, admin, manager, hotelToken, merchantToken] = await Promise.all([
    ctx.tokenAs('superadmin'),
    ctx.tokenAs('admin'),
    ctx.tokenAs('manager'),
    ctx.tokenAs('hotel'),
    ctx.tokenAs('merchant'),
  ]);
  today = todayIn(ctx.config.timeZone);
  location = await ctx.createLocation();
  months = {
    1: (await durationByMonths(ctx.db, 1)).id,
    3: (await durationByMonths(ctx.db, 3)).id,
    6: (await durationByMonths(ctx.db, 6)).id,
    12: (await durationByMonths(ctx.db, 12)).id,
  };
});

function hotelBody(overrides: Record<string, unknown> = {}) {
  return {
    name: uniqueName('Hotel'),
    location_id: location.id,
    address: '12 Beach Road, Goa',
    contact_number: '9876543210',
    contact_person: 'Anita Desai',
    subscription_duration_id: months[12],
    subscription_revenue: 24000,
    google_place_id: 'ChIJTestPlace',
    google_link: 'https://maps.google.com/?q=test',
    offer_selection_type: 'all',
    selected_merchant_types: [],
    ...overrides,
  };
}

async function createViaApi(overrides: Record<string, unknown> = {}, token = superadmin) {
  const res = await ctx.request('POST', '/api/hotels', { token, json: hotelBody(overrides) });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function listHotels(query = '', token = superadmin): Promise<any[]> {
  const res = await ctx.request('GET', `/api/hotels${query}`, { token });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

const endAfter = (from: string, m: number) => addDays(addMonths(from, m), -1);

/** The hotel has `count` paid periods, the latest one of `m` months from `from`, with `fields` too; answers them. */
async function expectLatestPeriod(
  hotelId: string,
  count: number,
  { from, m, ...fields }: { from: string; m: 1 | 3 | 6 | 12; amount: number; isRenewal?: boolean },
) {
  const periods = await periodsOf(ctx.db, hotelId);
  expect(periods).toHaveLength(count);
  expect(periods[count - 1]).toMatchObject({
    fromDate: from,
    toDate: endAfter(from, m),
    subscriptionDurationId: months[m],
    ...fields,
  });
  return periods;
}

describe('GET /api/subscription-durations', () => {
  it('answers the seeded durations as {id, name, months}, shortest first', async () => {
    const res = await ctx.request('GET', '/api/subscription-durations', { token: superadmin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: months[1], name: '1 Month', months: 1 },
      { id: months[3], name: '3 Months', months: 3 },
      { id: months[6], name: '6 Months', months: 6 },
      { id: months[12], name: '12 Months', months: 12 },
    ]);
  });

  it('is for the back office: admin and manager 200, hotel and merchant 403, anonymous 401', async () => {
    expect((await ctx.request('GET', '/api/subscription-durations', { token: admin })).status).toBe(200);
    expect((await ctx.request('GET', '/api/subscription-durations', { token: manager })).status).toBe(200);
    expect((await ctx.request('GET', '/api/subscription-durations', { token: hotelToken })).status).toBe(403);
    expect((await ctx.request('GET', '/api/subscription-durations', { token: merchantToken })).status).toBe(403);
    expect((await ctx.request('GET', '/api/subscription-durations')).status).toBe(401);
  });
});

describe('POST /api/hotels', () => {
  it('creates the hotel and its first paid period from today (201)', async () => {
    const body = hotelBody({
      name: `  ${uniqueName('Seaview')}  `,
      subscription_duration_id: months[3],
      subscription_revenue: 8000,
    });
    const before = Date.now();
    const res = await ctx.request('POST', '/api/hotels', { token: superadmin, json: body });
    expect(res.status, res.text).toBe(201);
    const hotel = res.body;
    expect(Object.keys(hotel).sort()).toEqual(FULL_KEYS);
    expect(hotel).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: body.name.trim(),
      location_id: location.id,
      location_name: location.name,
      address: body.address,
      contact_number: body.contact_number,
      contact_person: body.contact_person,
      subscription_duration_id: months[3],
      subscription_revenue: 8000,
      google_place_id: 'ChIJTestPlace',
      google_link: 'https://maps.google.com/?q=test',
      logo_url: null,
      contract_url: null,
      payment_screenshot_url: null,
      qr_code_url: null,
      offer_selection_type: 'all',
      selected_merchant_types: [],
      is_active: true,
      renewal_count: 0,
      subscription_end: endAfter(today, 3),
    });
    expect(Date.parse(hotel.created_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(hotel.first_created_date).toBe(hotel.created_at);

    const periods = await expectLatestPeriod(hotel.id, 1, { from: today, m: 3, amount: 8000, isRenewal: false });
    expect(periods[0]!.paidAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('keeps uploaded file paths, the manual merchant-type checklist and revenue sent as text', async () => {
    const [t1, t2] = [await ctx.createMerchantType(), await ctx.createMerchantType()];
    const logo = (
      await ctx.request('POST', '/api/hotels/upload-logo', {
        token: superadmin,
        body: uploadForm(PNG_BYTES, 'logo.png', 'image/png'),
      })
    ).body.url;
    const contract = (
      await ctx.request('POST', '/api/hotels/upload-contract', {
        token: superadmin,
        body: uploadForm(PDF_BYTES, 'c.pdf', 'application/pdf'),
      })
    ).body.url;
    const hotel = await createViaApi({
      logo_url: logo,
      contract_url: contract,
      payment_screenshot_url: logo,
      offer_selection_type: 'manual',
      selected_merchant_types: [t1.id, t2.id, t1.id],
      subscription_revenue: '1500.50',
      location_id: String(location.id),
    });
    expect(hotel).toMatchObject({
      logo_url: logo,
      contract_url: contract,
      payment_screenshot_url: logo,
      offer_selection_type: 'manual',
      selected_merchant_types: [t1.id, t2.id],
      subscription_revenue: 1500.5,
      location_id: location.id,
    });
    const [period] = await periodsOf(ctx.db, hotel.id);
    expect(period).toMatchObject({ amount: 1500.5, contractUrl: contract, paymentScreenshotUrl: logo });
  });

  it('defaults revenue to 0 and offer selection to all; "all" keeps no checklist; blank optional fields become null', async () => {
    const type = await ctx.createMerchantType();
    const {
      subscription_revenue: _r,
      offer_selection_type: _o,
      ...rest
    } = hotelBody({ google_place_id: '  ', google_link: '', logo_url: '' });
    const res = await ctx.request('POST', '/api/hotels', {
      token: superadmin,
      json: { ...rest, selected_merchant_types: [type.id] },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      subscription_revenue: 0,
      offer_selection_type: 'all',
      selected_merchant_types: [],
      google_place_id: null,
      google_link: null,
      logo_url: null,
    });
    const blank = await createViaApi({ subscription_revenue: '' });
    expect(blank.subscription_revenue).toBe(0);
  });

  it('ignores computed fields and credentials in the body and makes no login', async () => {
    const username = uniqueName('sneaky').replace(/\s/g, '_');
    const hotel = await createViaApi({
      is_active: false,
      renewal_count: 9,
      subscription_end: '2000-01-01',
      username,
      password: 'secret-123',
    });
    expect(hotel).toMatchObject({ is_active: true, renewal_count: 0, subscription_end: endAfter(today, 12) });
    expect(await ctx.db.select().from(users).where(eq(users.hotelId, hotel.id))).toEqual([]);
  });

  it.each(['name', 'location_id', 'address', 'contact_number', 'contact_person', 'subscription_duration_id'])(
    'refuses a missing %s with 422 "Please fill all required fields" and creates nothing',
    async (field) => {
      const before = (await listHotels()).length;
      const body: Record<string, unknown> = hotelBody();
      delete body[field];
      const res = await ctx.request('POST', '/api/hotels', { token: superadmin, json: body });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ detail: REQUIRED });
      expect((await listHotels()).length).toBe(before);
    },
  );

  it.each([
    ['name', '   '],
    ['address', ''],
    ['contact_number', null],
    ['contact_person', 42],
    ['location_id', ''],
    ['location_id', 'abc'],
    ['location_id', 0],
    ['subscription_duration_id', ''],
    ['subscription_duration_id', 1.5],
  ])('refuses %s = %j with 422 "Please fill all required fields"', async (field, value) => {
    const res = await ctx.request('POST', '/api/hotels', { token: superadmin, json: hotelBody({ [field]: value }) });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ detail: REQUIRED });
  });

  it.each([
    [{ subscription_revenue: -1 }, 'Subscription revenue must be a number of 0 or more'],
    [{ subscription_revenue: 'lots' }, 'Subscription revenue must be a number of 0 or more'],
    [{ offer_selection_type: 'some' }, 'offer_selection_type must be all or manual'],
    [{ selected_merchant_types: 'Restaurant' }, 'selected_merchant_types must be a list of merchant type ids'],
    [{ selected_merchant_types: ['a'] }, 'selected_merchant_types must be a list of merchant type ids'],
    [{ name: 'x'.repeat(201) }, 'Hotel name must be at most 200 characters'],
    [{ logo_url: 'javascript:alert(1)' }, 'Logo must be an uploaded file or an http(s) address'],
    [{ contract_url: '/uploads/../../etc/passwd' }, 'Contract must be an uploaded file or an http(s) address'],
    [{ google_link: 'javascript:alert(1)' }, GOOGLE_LINK_MESSAGE],
  ])('refuses %j with 422 and the field’s message', async (overrides, detail) => {
    const res = await ctx.request('POST', '/api/hotels', { token: superadmin, json: hotelBody(overrides) });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ detail });
  });

  it('refuses references that do not exist with 422', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ location_id: 987654 }, 'Selected location does not exist'],
      [{ subscription_duration_id: 987654 }, 'Selected subscription duration does not exist'],
      [{ offer_selection_type: 'manual', selected_merchant_types: [987654] }, 'Selected merchant type does not exist'],
    ];
    for (const [overrides, detail] of cases) {
      const res = await ctx.request('POST', '/api/hotels', { token: superadmin, json: hotelBody(overrides) });
      expect(res.status, JSON.stringify(overrides)).toBe(422);
      expect(res.body).toEqual({ detail });
    }
  });

  it('dates the first period by the business time zone (APP_TIMEZONE)', async () => {
    for (const timeZone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const app = createApp({ ...ctx.deps, config: { ...ctx.config, timeZone } });
      const res = await app.request('/api/hotels', {
        method: 'POST',
        headers: { Authorization: `Bearer ${superadmin}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(hotelBody({ subscription_duration_id: months[1] })),
      });
      expect(res.status).toBe(201);
      const hotel = (await res.json()) as { id: string; subscription_end: string };
      const zoneToday = todayIn(timeZone);
      expect((await periodsOf(ctx.db, hotel.id))[0]!.fromDate).toBe(zoneToday);
      expect(hotel.subscription_end).toBe(endAfter(zoneToday, 1));
    }
  });
});

describe('GET /api/hotels', () => {
  it('lists hotels newest first with location_name, filtered by location_id, without archived ones', async () => {
    const place = await ctx.createLocation();
    const first = await createViaApi({ location_id: place.id });
    const second = await createViaApi({ location_id: place.id });
    const archived = await createViaApi({ location_id: place.id });
    expect((await ctx.request('DELETE', `/api/hotels/${archived.id}`, { token: superadmin })).status).toBe(200);
    await createViaApi(); // another location

    const mine = await listHotels(`?location_id=${place.id}`);
    expect(mine.map((h) => h.id)).toEqual([second.id, first.id]);
    for (const hotel of mine) {
      expect(Object.keys(hotel).sort()).toEqual(FULL_KEYS);
      expect(hotel.location_name).toBe(place.name);
    }
    const all = await listHotels();
    expect(all.map((h) => h.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(all.map((h) => h.id)).not.toContain(archived.id);
    const times = all.map((h) => Date.parse(h.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(await listHotels('?location_id=')).toHaveLength(all.length);
  });

  it('shows a hotel whose subscription ended as inactive, and one ending today as active', async () => {
    const place = await ctx.createLocation();
    const { hotel: ended } = await insertSubscribedHotel(ctx.db, {
      from: addMonths(today, -13),
      months: 12,
      hotel: { locationId: place.id },
    });
    const yesterday = await ctx.createHotel({ locationId: place.id, subscriptionEnd: addDays(today, -1) });
    const lastDay = await ctx.createHotel({ locationId: place.id, subscriptionEnd: today });
    const rows = await listHotels(`?location_id=${place.id}`);
    expect(rows.find((h) => h.id === ended.id)).toMatchObject({
      is_active: false,
      subscription_end: ended.subscriptionEnd,
    });
    expect(rows.find((h) => h.id === yesterday.id)).toMatchObject({ is_active: false });
    expect(rows.find((h) => h.id === lastDay.id)).toMatchObject({ is_active: true });
  });

  it.each(['abc', '0', '-3'])('refuses location_id=%s with 422', async (value) => {
    const res = await ctx.request('GET', `/api/hotels?location_id=${value}`, { token: superadmin });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ detail: 'location_id must be a positive whole number' });
  });
});

describe('GET /api/hotels/:id', () => {
  it('answers the full record to the back office', async () => {
    const hotel = await createViaApi();
    for (const token of [superadmin, admin, manager]) {
      const res = await ctx.request('GET', `/api/hotels/${hotel.id}`, { token });
      expect(res.status).toBe(200);
      // A manager sees no amounts (docs/SECURITY.md "Roles").
      expect(res.body).toEqual(token === manager ? { ...hotel, subscription_revenue: null } : hotel);
    }
  });

  it('answers only public fields to a guest, a bad token, and hotel or merchant logins', async () => {
    const type = await ctx.createMerchantType();
    const hotel = await createViaApi({
      offer_selection_type: 'manual',
      selected_merchant_types: [type.id],
      logo_url: '/uploads/hotels/00000000-0000-4000-8000-000000000000.png',
    });
    for (const token of [undefined, 'not-a-token', hotelToken, merchantToken]) {
      const res = await ctx.request('GET', `/api/hotels/${hotel.id}`, { token });
      expect(res.status, String(token)).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(PUBLIC_KEYS);
      expect(res.body).toEqual({
        id: hotel.id,
        name: hotel.name,
        logo_url: hotel.logo_url,
        location_id: location.id,
        location_name: location.name,
        default_language: 'en',
        google_place_id: hotel.google_place_id,
        google_link: hotel.google_link,
        offer_selection_type: 'manual',
        selected_merchant_types: [type.id],
        is_active: true,
        phone_verification: false,
      });
      for (const secret of ['9876543210', 'Anita Desai', '12 Beach Road', '24000'])
        expect(res.text).not.toContain(secret);
    }
  });

  it('tells a guest whether the hotel asks for phone verification (docs/PRODUCT.md "Guest trust")', async () => {
    const { hotel } = await insertSubscribedHotel(ctx.db, { from: today, months: 1 });
    await ctx.db.update(hotels).set({ phoneVerification: true }).where(eq(hotels.id, hotel.id));
    const res = await ctx.request('GET', `/api/hotels/${hotel.id}`);
    expect(res.body.phone_verification).toBe(true);
  });

  it('tells a guest that a hotel whose subscription ended is inactive', async () => {
    const { hotel } = await insertSubscribedHotel(ctx.db, { from: addMonths(today, -2), months: 1 });
    const res = await ctx.request('GET', `/api/hotels/${hotel.id}`);
    expect(res.status).toBe(200);
    expect(res.body.is_active).toBe(false);
  });

  it('answers 404 for a missing or archived hotel and 422 for a malformed id', async () => {
    const hotel = await createViaApi();
    await ctx.request('DELETE', `/api/hotels/${hotel.id}`, { token: superadmin });
    for (const token of [superadmin, undefined]) {
      expect((await ctx.request('GET', `/api/hotels/${hotel.id}`, { token })).body).toEqual({
        detail: 'Hotel not found',
      });
      expect((await ctx.request('GET', '/api/hotels/00000000-0000-4000-8000-000000000000', { token })).status).toBe(
        404,
      );
      const bad = await ctx.request('GET', '/api/hotels/12', { token });
      expect(bad.status).toBe(422);
      expect(bad.body.detail).toMatch(/id/);
    }
  });
});

describe('PUT /api/hotels/:id', () => {
  it('edits the hotel without adding a period; the client may send the whole record back', async () => {
    const hotel = await createViaApi({ subscription_duration_id: months[6], subscription_revenue: 12000 });
    const place = await ctx.createLocation();
    const res = await ctx.request('PUT', `/api/hotels/${hotel.id}`, {
      token: manager,
      json: {
        ...hotel,
        name: 'Renamed Resort',
        location_id: place.id,
        contact_person: 'Vikram Rao',
        google_place_id: null,
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      ...hotel,
      name: 'Renamed Resort',
      location_id: place.id,
      location_name: place.name,
      contact_person: 'Vikram Rao',
      google_place_id: null,
      subscription_revenue: null, // not shown to a manager, and kept (asvs-small.test.ts)
    });
    expect(await periodsOf(ctx.db, hotel.id)).toHaveLength(1);
  });

  it('corrects the latest period when the duration or revenue is edited (a typo fix, not a payment)', async () => {
    const hotel = await createViaApi({ subscription_duration_id: months[12], subscription_revenue: 24000 });
    const res = await ctx.request('PUT', `/api/hotels/${hotel.id}`, {
      token: superadmin,
      json: { ...hotel, subscription_duration_id: months[6], subscription_revenue: 13000 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      subscription_duration_id: months[6],
      subscription_revenue: 13000,
      subscription_end: endAfter(today, 6),
      renewal_count: 0,
    });
    await expectLatestPeriod(hotel.id, 1, { from: today, m: 6, amount: 13000 });
  });

  it('refuses each required field missing with 422 and changes nothing', async () => {
    const hotel = await createViaApi();
    for (const field of HOTEL_REQUIRED_FIELDS) {
      const res = await ctx.request('PUT', `/api/hotels/${hotel.id}`, {
        token: superadmin,
        json: { ...hotel, [field]: '' },
      });
      expect(res.status, field).toBe(422);
      expect(res.body).toEqual({ detail: REQUIRED });
    }
    expect((await ctx.request('GET', `/api/hotels/${hotel.id}`, { token: superadmin })).body).toEqual(hotel);
  });

  it('answers 404 for a missing hotel and 422 for a malformed id', async () => {
    const missing = await ctx.request('PUT', '/api/hotels/00000000-0000-4000-8000-000000000001', {
      token: superadmin,
      json: hotelBody(),
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: 'Hotel not found' });
    expect((await ctx.request('PUT', '/api/hotels/abc', { token: superadmin, json: hotelBody() })).status).toBe(422);
  });
});

describe('POST /api/hotels/:id/renew', () => {
  it('extends an active hotel from the day after its end; active, count +1, id and QR unchanged', async () => {
    const hotel = await createViaApi({
      subscription_duration_id: months[3],
      subscription_revenue: 8000,
      qr_code_url: '/uploads/hotels/00000000-0000-4000-8000-0000000000aa.png',
    });
    const res = await ctx.request('POST', `/api/hotels/${hotel.id}/renew`, {
      token: manager,
      json: {
        subscription_duration_id: months[6],
        subscription_revenue: 15000,
        payment_screenshot_url: '/uploads/hotels/00000000-0000-4000-8000-0000000000bb.png',
      },
    });
    expect(res.status, res.text).toBe(200);
    const from = addDays(hotel.subscription_end, 1);
    expect(res.body).toEqual({
      ...hotel,
      subscription_duration_id: months[6],
      subscription_revenue: null, // the manager's answer shows no amount; the period has it
      payment_screenshot_url: '/uploads/hotels/00000000-0000-4000-8000-0000000000bb.png',
      subscription_end: endAfter(from, 6),
      renewal_count: 1,
      is_active: true,
    });
    await expectLatestPeriod(hotel.id, 2, { from, m: 6, amount: 15000, isRenewal: true });
  });

  it('renews a hotel whose subscription ended from today, and makes it active again', async () => {
    const { hotel } = await insertSubscribedHotel(ctx.db, { from: addMonths(today, -4), months: 3 });
    expect((await ctx.request('GET', `/api/hotels/${hotel.id}`, { token: superadmin })).body.is_active).toBe(false);
    const res = await ctx.request('POST', `/api/hotels/${hotel.id}/renew`, {
      token: superadmin,
      json: { subscription_duration_id: String(months[1]) },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      is_active: true,
      renewal_count: 1,
      subscription_end: endAfter(today, 1),
      subscription_revenue: 0,
    });
    await expectLatestPeriod(hotel.id, 2, { from: today, m: 1, amount: 0, isRenewal: true });
  });

  it('chains renewals: each starts the day after the previous one ends', async () => {
    const hotel = await createViaApi({ subscription_duration_id: months[1] });
    for (let i = 0; i < 3; i++) {
      expect(
        (
          await ctx.request('POST', `/api/hotels/${hotel.id}/renew`, {
            token: admin,
            json: { subscription_duration_id: months[1], subscription_revenue: 100 },
          })
        ).status,
      ).toBe(200);
    }
    const periods = await periodsOf(ctx.db, hotel.id);
    expect(periods).toHaveLength(4);
    for (let i = 1; i < periods.length; i++) expect(periods[i]!.fromDate).toBe(addDays(periods[i - 1]!.toDate, 1));
    const after = (await ctx.request('GET', `/api/hotels/${hotel.id}`, { token: superadmin })).body;
    expect(after).toMatchObject({ renewal_count: 3, subscription_end: periods[3]!.toDate });
  });

  it.each([{}, { subscription_duration_id: '' }, { subscription_duration_id: null }, { subscription_revenue: 500 }])(
    'refuses %j with 422 "Please select subscription duration" and changes nothing',
    async (json) => {
      const hotel = await createViaApi();
      const res = await ctx.request('POST', `/api/hotels/${hotel.id}/renew`, { token: superadmin, json });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ detail: 'Please select subscription duration' });
      expect(await periodsOf(ctx.db, hotel.id)).toHaveLength(1);
    },
  );

  it('refuses an unknown duration, a negative revenue, a missing hotel', async () => {
    const hotel = await createViaApi();
    const unknown = await ctx.request('POST', `/api/hotels/${hotel.id}/renew`, {
      token: superadmin,
      json: { subscription_duration_id: 987654 },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toEqual({ detail: 'Selected subscription duration does not exist' });
    const negative = await ctx.request('POST', `/api/hotels/${hotel.id}/renew`, {
      token: superadmin,
      json: { subscription_duration_id: months[1], subscription_revenue: -5 },
    });
    expect(negative.status).toBe(422);
    expect(negative.body).toEqual({ detail: 'Subscription revenue must be a number of 0 or more' });
    const missing = await ctx.request('POST', '/api/hotels/00000000-0000-4000-8000-000000000002/renew', {
      token: superadmin,
      json: { subscription_duration_id: months[1] },
    });
    expect(missing.status).toBe(404);
    expect(await periodsOf(ctx.db, hotel.id)).toHaveLength(1);
  });
});

describe('GET /api/hotels/:id/renewal-history', () => {
  it('lists the renewals (not the first purchase), most recent first, with from/to, days, amount and time', async () => {
    const hotel = await createViaApi({ subscription_duration_id: months[1], subscription_revenue: 2500 });
    expect((await ctx.request('GET', `/api/hotels/${hotel.id}/renewal-history`, { token: superadmin })).body).toEqual(
      [],
    );
    await ctx.request('POST', `/api/hotels/${hotel.id}/renew`, {
      token: superadmin,
      json: { subscription_duration_id: months[3], subscription_revenue: 7000 },
    });
    await ctx.request('POST', `/api/hotels/${hotel.id}/renew`, {
      token: superadmin,
      json: { subscription_duration_id: months[1], subscription_revenue: 2500.75 },
    });

    const res = await ctx.request('GET', `/api/hotels/${hotel.id}/renewal-history`, { token: admin });
    expect(res.status).toBe(200);
    const firstFrom = addDays(hotel.subscription_end, 1);
    const firstTo = endAfter(firstFrom, 3);
    const secondFrom = addDays(firstTo, 1);
    const secondTo = endAfter(secondFrom, 1);
    const days = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000 + 1;
    // `id`: the period's, which a cancellation takes (docs/PRODUCT.md "Tax invoices").
    const periods = await periodsOf(ctx.db, hotel.id);
    expect(res.body).toEqual([
      {
        id: periods[2]!.id,
        from_date: secondFrom,
        to_date: secondTo,
        duration_days: days(secondFrom, secondTo),
        amount: 2500.75,
        renewed_at: expect.any(String),
      },
      {
        id: periods[1]!.id,
        from_date: firstFrom,
        to_date: firstTo,
        duration_days: days(firstFrom, firstTo),
        amount: 7000,
        renewed_at: expect.any(String),
      },
    ]);
    expect(Date.parse(res.body[0].renewed_at)).toBeGreaterThanOrEqual(Date.parse(res.body[1].renewed_at));
    expect(res.body[1].duration_days).toBeGreaterThanOrEqual(89);
    expect(res.body[1].duration_days).toBeLessThanOrEqual(92);
  });

  it('answers 404 for a missing hotel', async () => {
    const res = await ctx.request('GET', '/api/hotels/00000000-0000-4000-8000-000000000003/renewal-history', {
      token: superadmin,
    });
    expect(res.status).toBe(404);
  });
});

describe('POST /api/users/hotel and GET /api/hotels/:id/credentials', () => {
  it('creates the hotel login from query parameters; it signs in as a hotel; credentials hide the password', async () => {
    const hotel = await createViaApi();
    const username = uniqueName('seaview').replace(/\s/g, '_');
    const res = await ctx.request(
      'POST',
      `/api/users/hotel?username=${encodeURIComponent(` ${username} `)}&password=harbour-pass-1&hotel_id=${hotel.id}`,
      { token: manager },
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), username, user_type: 'hotel', hotel_id: hotel.id });

    const login = await ctx.request('POST', '/api/auth/login', { json: { username, password: 'harbour-pass-1' } });
    expect(login.status).toBe(200);
    expect(login.body.user_type).toBe('hotel');

    const creds = await ctx.request('GET', `/api/hotels/${hotel.id}/credentials`, { token: superadmin });
    expect(creds.status).toBe(200);
    expect(creds.body).toEqual({ username, password: 'Cannot display hashed password' });
  });

  it('refuses a username in use (any case, any kind of login) with 409 "Username already exists"', async () => {
    const taken = await ctx.createMerchantLogin();
    const hotel = await createViaApi();
    const res = await ctx.request(
      'POST',
      `/api/users/hotel?username=${taken.username.toUpperCase()}&password=Harbour-pass-77&hotel_id=${hotel.id}`,
      { token: superadmin },
    );
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: 'Username already exists' });
    const creds = await ctx.request('GET', `/api/hotels/${hotel.id}/credentials`, { token: superadmin });
    expect(creds.status).toBe(404);
    expect(creds.body).toEqual({ detail: 'This hotel has no login' });
  });

  it('refuses a second login for the same hotel with 409', async () => {
    const hotel = await createViaApi();
    const a = uniqueName('a').replace(/\s/g, '_');
    const b = uniqueName('b').replace(/\s/g, '_');
    expect(
      (
        await ctx.request('POST', `/api/users/hotel?username=${a}&password=Harbour-pass-77&hotel_id=${hotel.id}`, {
          token: superadmin,
        })
      ).status,
    ).toBe(201);
    const again = await ctx.request(
      'POST',
      `/api/users/hotel?username=${b}&password=Harbour-pass-77&hotel_id=${hotel.id}`,
      { token: superadmin },
    );
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: 'This hotel already has a login' });
  });

  it('validates the query parameters and the hotel', async () => {
    const hotel = await createViaApi();
    const cases: [string, number, string][] = [
      [`password=Harbour-pass-77&hotel_id=${hotel.id}`, 422, 'Username is required'],
      [`username=%20%20&password=Harbour-pass-77&hotel_id=${hotel.id}`, 422, 'Username is required'],
      [`username=someone&hotel_id=${hotel.id}`, 422, 'Password is required'],
      [`username=someone&password=&hotel_id=${hotel.id}`, 422, 'Password is required'],
      ['username=someone&password=Harbour-pass-77', 422, 'hotel_id is required'],
      ['username=someone&password=Harbour-pass-77&hotel_id=12', 422, 'hotel_id must be a valid id'],
      [
        'username=someone&password=Harbour-pass-77&hotel_id=00000000-0000-4000-8000-000000000004',
        404,
        'Hotel not found',
      ],
    ];
    for (const [query, status, detail] of cases) {
      const res = await ctx.request('POST', `/api/users/hotel?${query}`, { token: superadmin });
      expect(res.status, query).toBe(status);
      expect(res.body).toEqual({ detail });
    }
  });
});

describe('DELETE /api/hotels/:id', () => {
  it('archives a hotel that has paid periods: hidden from the list, periods and history kept, login removed', async () => {
    const hotel = await createViaApi({ subscription_revenue: 5000 });
    const username = uniqueName('gone').replace(/\s/g, '_');
    await ctx.request('POST', `/api/users/hotel?username=${username}&password=Harbour-pass-77&hotel_id=${hotel.id}`, {
      token: superadmin,
    });
    await ctx.request('POST', `/api/hotels/${hotel.id}/renew`, {
      token: superadmin,
      json: { subscription_duration_id: months[1], subscription_revenue: 900 },
    });

    const res = await ctx.request('DELETE', `/api/hotels/${hotel.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ detail: 'Hotel deleted successfully', archived: true });

    expect((await listHotels()).map((h) => h.id)).not.toContain(hotel.id);
    const [row] = await ctx.db.select().from(hotels).where(eq(hotels.id, hotel.id));
    expect(row?.archivedAt).toBeInstanceOf(Date);
    const periods = await periodsOf(ctx.db, hotel.id);
    expect(periods.map((p) => p.amount)).toEqual([5000, 900]);
    expect(await ctx.db.select().from(users).where(eq(users.hotelId, hotel.id))).toEqual([]);
    expect(
      (await ctx.request('POST', '/api/auth/login', { json: { username, password: 'Harbour-pass-77' } })).status,
    ).toBe(401);
    expect((await ctx.request('DELETE', `/api/hotels/${hotel.id}`, { token: superadmin })).status).toBe(404);
  });

  it('archives a hotel that guests scanned and keeps the scans', async () => {
    const hotel = await ctx.createHotel();
    const scan = await insertScan(ctx.db, hotel.id, today);
    const res = await ctx.request('DELETE', `/api/hotels/${hotel.id}`, { token: superadmin });
    expect(res.body).toEqual({ detail: 'Hotel deleted successfully', archived: true });
    expect(await ctx.db.select().from(customerScans).where(eq(customerScans.id, scan.id))).toHaveLength(1);
  });

  it('removes a bare hotel (no periods, no scans) with its login', async () => {
    const login = await ctx.createHotelLogin();
    const res = await ctx.request('DELETE', `/api/hotels/${login.hotelId}`, { token: superadmin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ detail: 'Hotel deleted successfully', archived: false });
    expect(await ctx.db.select().from(hotels).where(eq(hotels.id, login.hotelId!))).toEqual([]);
    expect(await ctx.db.select().from(users).where(eq(users.id, login.id))).toEqual([]);
  });

  it('refuses a manager with 403 and keeps the hotel', async () => {
    const hotel = await createViaApi();
    const res = await ctx.request('DELETE', `/api/hotels/${hotel.id}`, { token: manager });
    expect(res.status).toBe(403);
    expect(res.body.detail).toEqual(expect.any(String));
    expect((await ctx.request('GET', `/api/hotels/${hotel.id}`, { token: superadmin })).status).toBe(200);
  });

  it('answers 404 for a missing hotel', async () => {
    const res = await ctx.request('DELETE', '/api/hotels/00000000-0000-4000-8000-000000000005', { token: superadmin });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Hotel not found' });
  });
});

describe('uploads: /api/hotels/upload-logo, /upload-contract, /upload-qrcode', () => {
  // Contracts and payment proofs are private documents (tests/api/private-files.test.ts).
  it.each([
    ['upload-logo', 'hotels'],
    ['upload-contract', 'private/hotels'],
    ['upload-qrcode', 'hotels'],
  ])('%s stores a PNG in %s and serves it back from /api/files', async (endpoint, folder) => {
    const res = await ctx.request('POST', `/api/hotels/${endpoint}`, {
      token: manager,
      body: uploadForm(PNG_BYTES, '../../evil.png', 'image/png'),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.url).toMatch(new RegExp(`^/uploads/${folder}/[0-9a-f-]{36}\\.png$`));
    const file = await ctx.request('GET', `/api/files/${res.body.url.slice('/uploads/'.length)}`, { token: manager });
    expect(file.status).toBe(200);
    expect(file.headers.get('Content-Type')).toBe('image/png');
    expect(file.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });

  it('accepts a PDF as a contract or payment proof, but not as a logo or QR code (415)', async () => {
    const contract = await ctx.request('POST', '/api/hotels/upload-contract', {
      token: superadmin,
      body: uploadForm(PDF_BYTES, 'contract.pdf', 'application/pdf'),
    });
    expect(contract.status).toBe(201);
    expect(contract.body.url).toMatch(/\.pdf$/);
    for (const endpoint of ['upload-logo', 'upload-qrcode']) {
      const res = await ctx.request('POST', `/api/hotels/${endpoint}`, {
        token: superadmin,
        body: uploadForm(PDF_BYTES, 'contract.pdf', 'application/pdf'),
      });
      expect(res.status, endpoint).toBe(415);
      expect(res.body).toEqual({ detail: 'Only PNG, JPEG, WebP or GIF images are allowed' });
    }
  });

  it('refuses a file that only pretends to be an image (checked by content) with 415', async () => {
    const html = new TextEncoder().encode('<script>alert(1)</script>');
    for (const endpoint of ['upload-logo', 'upload-contract', 'upload-qrcode']) {
      const res = await ctx.request('POST', `/api/hotels/${endpoint}`, {
        token: superadmin,
        body: uploadForm(html, 'logo.png', 'image/png'),
      });
      expect(res.status, endpoint).toBe(415);
    }
  });

  it('refuses a file over 5 MB with 413', async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG_BYTES);
    const res = await ctx.request('POST', '/api/hotels/upload-logo', {
      token: superadmin,
      body: uploadForm(big, 'big.png', 'image/png'),
    });
    expect(res.status).toBe(413);
    expect(res.body.detail).toMatch(/5 MB/);
  });

  it('answers 422 without a file', async () => {
    const res = await ctx.request('POST', '/api/hotels/upload-logo', { token: superadmin, body: new FormData() });
    expect(res.status).toBe(422);
  });

  it('never serves a path outside the upload folders', async () => {
    for (const path of [
      '/api/files/hotels/..%2F..%2Fpackage.json',
      '/api/files/..%2F..%2Fpackage.json/x',
      '/api/files/hotels/%2e%2e%2f%2e%2e%2fpackage.json',
      '/api/files/hotels/../../package.json',
      '/api/files/etc/passwd',
    ]) {
      const res = await ctx.request('GET', path);
      expect(res.status, path).not.toBe(200);
      expect(res.text).not.toContain('"dependencies"');
      expect(res.text).not.toContain('root:');
    }
  });
});

describe('GET /api/config', () => {
  it('is public and answers PUBLIC_URL (null when unset)', async () => {
    const res = await ctx.request('GET', '/api/config');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ public_url: null });
    const app = createApp({ ...ctx.deps, config: { ...ctx.config, publicUrl: 'https://stayperks.example' } });
    expect(await (await app.request('/api/config')).json()).toMatchObject({ public_url: 'https://stayperks.example' });
  });
});

describe('who may use the hotel endpoints (docs/PRODUCT.md "Roles")', () => {
  async function calls() {
    const hotel = await createViaApi();
    const id = hotel.id as string;
    return [
      ['GET', '/api/hotels', undefined],
      ['POST', '/api/hotels', hotelBody()],
      ['PUT', `/api/hotels/${id}`, hotelBody()],
      ['POST', `/api/hotels/${id}/renew`, { subscription_duration_id: months[1] }],
      ['GET', `/api/hotels/${id}/renewal-history`, undefined],
      [
        'POST',
        `/api/users/hotel?username=${uniqueName('x').replace(/\s/g, '_')}&password=Harbour-pass-77&hotel_id=${id}`,
        undefined,
      ],
      ['GET', `/api/hotels/${id}/credentials`, undefined],
      ['POST', '/api/hotels/upload-logo', 'upload'],
      ['POST', '/api/hotels/upload-contract', 'upload'],
      ['POST', '/api/hotels/upload-qrcode', 'upload'],
      ['DELETE', `/api/hotels/${id}`, undefined], // last: it archives the hotel
    ] as const;
  }

  async function send(method: string, path: string, payload: unknown, token?: string) {
    if (payload === 'upload')
      return ctx.request(method, path, { token, body: uploadForm(PNG_BYTES, 'a.png', 'image/png') });
    return ctx.request(method, path, { token, json: payload });
  }

  it('answers 401 to every admin call without a token and changes nothing', async () => {
    const before = await listHotels();
    for (const [method, path, payload] of await calls()) {
      const res = await send(method, path, payload);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.detail).toEqual(expect.any(String));
    }
    const after = await listHotels();
    expect(after.length).toBe(before.length + 1); // only the hotel calls() made
  });

  it.each(['hotel', 'merchant'] as const)('answers 403 to every admin call for a %s login', async (kind) => {
    const token = kind === 'hotel' ? hotelToken : merchantToken;
    for (const [method, path, payload] of await calls()) {
      const res = await send(method, path, payload, token);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.detail).toEqual(expect.any(String));
    }
  });

  it('lets a manager do everything but delete', async () => {
    for (const [method, path, payload] of await calls()) {
      const res = await send(method, path, payload, manager);
      if (method === 'DELETE') expect(res.status, path).toBe(403);
      else expect(res.status, `${method} ${path} ${res.text}`).toBeLessThan(300);
    }
  });

  it.each(['admin', 'superadmin'] as const)('lets an %s do everything, delete included', async (role) => {
    const token = role === 'admin' ? admin : superadmin;
    for (const [method, path, payload] of await calls()) {
      const res = await send(method, path, payload, token);
      expect(res.status, `${method} ${path} ${res.text}`).toBeLessThan(300);
    }
  });

  it('never lets a period row be lost through the API', async () => {
    const count = async () => (await ctx.db.select({ id: subscriptionPeriods.id }).from(subscriptionPeriods)).length;
    const before = await count();
    const hotel = await createViaApi();
    await ctx.request('DELETE', `/api/hotels/${hotel.id}`, { token: superadmin });
    expect(await count()).toBe(before + 1);
  });
});
