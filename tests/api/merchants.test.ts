import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { coupons, merchants, offers, users } from '../support/tables';
import { MAPS_LINK_MESSAGE } from '../../src/shared/maps';
import { uniqueName, useTestContext, useRoleTokens } from '../support';
import { fileBody, insertCouponFor, insertOffer, tinyPng } from '../support/offer-factories';

const ctx = useTestContext();
const tokens = useRoleTokens(ctx);

const REQUIRED = 'Please fill all required fields';

async function validInput(overrides: Record<string, unknown> = {}) {
  const location = await ctx.createLocation();
  const type = await ctx.createMerchantType();
  return {
    name: uniqueName('Spice Garden'),
    merchant_type_id: type.id,
    location_id: location.id,
    contact_number: '9876543210',
    store_contact_number: '0832 2400000',
    address: '3, Market Street, Goa',
    location_link: 'https://maps.google.com/?q=Spice',
    ...overrides,
  };
}

async function list(query = '', token = tokens.superadmin) {
  const res = await ctx.request('GET', `/api/merchants${query}`, { token });
  expect(res.status).toBe(200);
  return res.body as any[];
}

describe('GET /api/merchants', () => {
  it('lists a merchant with its API fields, its type and location names and its offer count', async () => {
    const location = await ctx.createLocation();
    const type = await ctx.createMerchantType();
    const row = await ctx.createMerchant({
      locationId: location.id,
      merchantTypeId: type.id,
      storeContactNumber: '0832111222',
      locationLink: 'https://x.test/m',
      perGuestDays: 30,
    });
    const all = await list();
    expect(all.find((m) => m.id === row.id)).toEqual({
      id: row.id,
      name: row.name,
      merchant_type_id: type.id,
      location_id: location.id,
      contact_number: row.contactNumber,
      store_contact_number: '0832111222',
      address: row.address,
      location_link: 'https://x.test/m',
      created_at: row.createdAt.toISOString(),
      merchant_type_name: type.name,
      location_name: location.name,
      offer_count: 0,
      per_guest_days: 30,
    });
  });

  it('counts offers that are not archived, whatever their status', async () => {
    const m = await ctx.createMerchant();
    await insertOffer(ctx.db, { merchantId: m.id });
    await insertOffer(ctx.db, { merchantId: m.id, isActive: false });
    await insertOffer(ctx.db, { merchantId: m.id, validityFrom: '2020-01-01', validityTo: '2020-02-01' });
    await insertOffer(ctx.db, { merchantId: m.id, archivedAt: new Date() });
    const other = await ctx.createMerchant();
    await insertOffer(ctx.db, { merchantId: other.id });
    const all = await list();
    expect(all.find((x) => x.id === m.id).offer_count).toBe(3);
    expect(all.find((x) => x.id === other.id).offer_count).toBe(1);
  });

  it('filters by location_id and leaves archived merchants out', async () => {
    const location = await ctx.createLocation();
    const a = await ctx.createMerchant({ locationId: location.id, name: 'Alpha Cafe' });
    const b = await ctx.createMerchant({ locationId: location.id, name: 'beta bar' });
    await ctx.createMerchant({ locationId: location.id, archivedAt: new Date() });
    await ctx.createMerchant();
    const rows = await list(`?location_id=${location.id}`);
    expect(rows.map((r) => r.id)).toEqual([a.id, b.id]);
    expect(await list(`?location_id=${(await ctx.createLocation()).id}`)).toEqual([]);
  });

  it.each(['abc', '0', '-2'])('answers 422 for location_id=%s', async (value) => {
    const res = await ctx.request('GET', `/api/merchants?location_id=${value}`, { token: tokens.superadmin });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ detail: 'location_id must be a positive whole number' });
  });
});

describe('POST /api/merchants', () => {
  it('creates a merchant (201), trimming text and storing blank optional fields as null', async () => {
    const input = await validInput({ name: '  Lotus Spa  ', store_contact_number: '  ', location_link: '' });
    const res = await ctx.request('POST', '/api/merchants', { token: tokens.superadmin, json: input });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(String),
      name: 'Lotus Spa',
      merchant_type_id: input.merchant_type_id,
      location_id: input.location_id,
      contact_number: '9876543210',
      store_contact_number: null,
      address: input.address,
      location_link: null,
      offer_count: 0,
      merchant_type_name: expect.any(String),
      location_name: expect.any(String),
    });
    expect((await list()).map((m) => m.id)).toContain(res.body.id);
  });

  it('accepts ids sent as strings (form selects)', async () => {
    const input = await validInput();
    const res = await ctx.request('POST', '/api/merchants', {
      token: tokens.manager,
      json: { ...input, merchant_type_id: String(input.merchant_type_id), location_id: String(input.location_id) },
    });
    expect(res.status).toBe(201);
    expect(res.body.location_id).toBe(input.location_id);
  });

  it.each(['name', 'merchant_type_id', 'location_id', 'contact_number', 'address'])(
    `refuses a missing or blank %s with 422 "${REQUIRED}"`,
    async (field) => {
      const input = await validInput();
      const before = (await list()).length;
      const { [field]: _omit, ...missing } = input as Record<string, unknown>;
      for (const json of [missing, { ...input, [field]: '' }, { ...input, [field]: null }]) {
        const res = await ctx.request('POST', '/api/merchants', { token: tokens.superadmin, json });
        expect(res.status, JSON.stringify(json)).toBe(422);
        expect(res.body).toEqual({ detail: REQUIRED });
      }
      expect((await list()).length).toBe(before);
    },
  );

  it('does not require the store contact number or the location link', async () => {
    const { store_contact_number: _s, location_link: _l, ...input } = await validInput();
    const res = await ctx.request('POST', '/api/merchants', { token: tokens.superadmin, json: input });
    expect(res.status).toBe(201);
    expect(res.body.store_contact_number).toBeNull();
  });

  it.each([
    [{ contact_number: 'call me' }, 'Contact number must be a valid phone number'],
    [{ store_contact_number: 'abc' }, 'Store contact number must be a valid phone number'],
    [{ location_link: 'javascript:alert(1)' }, MAPS_LINK_MESSAGE],
    [{ location_link: 'https://x.test/m' }, MAPS_LINK_MESSAGE],
    [{ merchant_type_id: 1.5 }, REQUIRED],
  ])('refuses %j with 422', async (overrides, detail) => {
    const res = await ctx.request('POST', '/api/merchants', {
      token: tokens.superadmin,
      json: await validInput(overrides),
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ detail });
  });

  it('refuses a location or merchant type that does not exist with 422', async () => {
    let res = await ctx.request('POST', '/api/merchants', {
      token: tokens.superadmin,
      json: await validInput({ location_id: 987654 }),
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ detail: 'Location not found' });
    res = await ctx.request('POST', '/api/merchants', {
      token: tokens.superadmin,
      json: await validInput({ merchant_type_id: 987654 }),
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ detail: 'Merchant type not found' });
  });
});

describe('PUT /api/merchants/:id', () => {
  it('updates every field and answers the merchant', async () => {
    const m = await ctx.createMerchant();
    const input = await validInput({ name: 'Renamed Merchant' });
    const res = await ctx.request('PUT', `/api/merchants/${m.id}`, {
      token: tokens.manager,
      json: { ...input, id: m.id, offer_count: 99 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: m.id,
      name: 'Renamed Merchant',
      location_id: input.location_id,
      merchant_type_id: input.merchant_type_id,
      offer_count: 0,
    });
    expect((await list()).find((x) => x.id === m.id).name).toBe('Renamed Merchant');
  });

  it('refuses a blank required field with 422 and changes nothing', async () => {
    const m = await ctx.createMerchant();
    const res = await ctx.request('PUT', `/api/merchants/${m.id}`, {
      token: tokens.superadmin,
      json: await validInput({ address: '  ' }),
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ detail: REQUIRED });
    expect((await list()).find((x) => x.id === m.id).address).toBe(m.address);
  });

  it('answers 404 for a missing or archived merchant and 422 for a malformed id', async () => {
    const archived = await ctx.createMerchant({ archivedAt: new Date() });
    for (const id of ['00000000-0000-4000-8000-000000000000', archived.id]) {
      const res = await ctx.request('PUT', `/api/merchants/${id}`, {
        token: tokens.superadmin,
        json: await validInput(),
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: 'Merchant not found' });
    }
    const res = await ctx.request('PUT', '/api/merchants/12', { token: tokens.superadmin, json: await validInput() });
    expect(res.status).toBe(422);
    expect(res.body.detail).toMatch(/id/);
  });
});

describe('DELETE /api/merchants/:id', () => {
  it('deletes a merchant nothing refers to, with its login', async () => {
    const login = await ctx.createMerchantLogin();
    const res = await ctx.request('DELETE', `/api/merchants/${login.merchantId}`, { token: tokens.superadmin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ detail: 'Merchant deleted successfully', archived: false });
    expect(await ctx.db.select().from(merchants).where(eq(merchants.id, login.merchantId!))).toEqual([]);
    expect(await ctx.db.select().from(users).where(eq(users.id, login.id))).toEqual([]);
    const signIn = await ctx.request('POST', '/api/auth/login', {
      json: { username: login.username, password: login.password },
    });
    expect(signIn.status).toBe(401);
  });

  it('archives a merchant that has offers: gone from the lists, its offers archived, its login removed', async () => {
    const login = await ctx.createMerchantLogin();
    const offer = await insertOffer(ctx.db, { merchantId: login.merchantId! });
    const res = await ctx.request('DELETE', `/api/merchants/${login.merchantId}`, { token: tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ detail: 'Merchant deleted successfully', archived: true });
    expect((await list()).map((m) => m.id)).not.toContain(login.merchantId);
    const [row] = await ctx.db.select().from(merchants).where(eq(merchants.id, login.merchantId!));
    expect(row!.archivedAt).toBeInstanceOf(Date);
    const [offerRow] = await ctx.db.select().from(offers).where(eq(offers.id, offer.id));
    expect(offerRow!.archivedAt).toBeInstanceOf(Date);
    const offersList = await ctx.request('GET', '/api/offers', { token: tokens.superadmin });
    expect(offersList.body.map((o: { id: string }) => o.id)).not.toContain(offer.id);
    expect(await ctx.db.select().from(users).where(eq(users.id, login.id))).toEqual([]);
  });

  it('keeps every coupon issued to a guest: the coupon, its offer and its merchant stay in the database', async () => {
    const m = await ctx.createMerchant();
    const offer = await insertOffer(ctx.db, { merchantId: m.id });
    const { coupon } = await insertCouponFor(ctx.db, offer);
    const res = await ctx.request('DELETE', `/api/merchants/${m.id}`, { token: tokens.superadmin });
    expect(res.status).toBe(200);
    expect(res.body.archived).toBe(true);
    const [kept] = await ctx.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(kept).toMatchObject({ id: coupon.id, offerId: offer.id, merchantId: m.id, code: coupon.code });
    expect(await ctx.db.select({ id: offers.id }).from(offers).where(eq(offers.id, offer.id))).toHaveLength(1);
    expect(await ctx.db.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, m.id))).toHaveLength(1);
  });

  it('answers 404 for a missing or already archived merchant', async () => {
    const archived = await ctx.createMerchant({ archivedAt: new Date() });
    for (const id of ['00000000-0000-4000-8000-000000000001', archived.id]) {
      const res = await ctx.request('DELETE', `/api/merchants/${id}`, { token: tokens.superadmin });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: 'Merchant not found' });
    }
  });

  it('refuses a manager with 403 and keeps the merchant', async () => {
    const m = await ctx.createMerchant();
    const res = await ctx.request('DELETE', `/api/merchants/${m.id}`, { token: tokens.manager });
    expect(res.status).toBe(403);
    expect(res.body.detail).toEqual(expect.any(String));
    expect((await list()).map((x) => x.id)).toContain(m.id);
  });
});

describe('POST /api/users/merchant', () => {
  it('creates the merchant login from query parameters; the merchant can then sign in', async () => {
    const m = await ctx.createMerchant();
    const username = uniqueName('newmerchant').replace(/\s+/g, '_');
    const res = await ctx.request(
      'POST',
      `/api/users/merchant?username=${encodeURIComponent(username)}&password=Secret-pass-123&merchant_id=${m.id}`,
      { token: tokens.manager },
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), username, user_type: 'merchant', merchant_id: m.id });
    const signIn = await ctx.request('POST', '/api/auth/login', { json: { username, password: 'Secret-pass-123' } });
    expect(signIn.status).toBe(200);
    expect(signIn.body.user_type).toBe('merchant');
    const me = await ctx.request('GET', '/api/auth/me', { token: signIn.body.access_token });
    expect(me.body.merchant_id).toBe(m.id);
  });

  it('answers 409 "Username already exists" for a taken username (any case, any kind of login)', async () => {
    const taken = await ctx.createHotelLogin();
    const m = await ctx.createMerchant();
    const res = await ctx.request(
      'POST',
      `/api/users/merchant?username=${taken.username.toUpperCase()}&password=Secret-pass-123&merchant_id=${m.id}`,
      { token: tokens.superadmin },
    );
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: 'Username already exists' });
  });

  it('answers 409 when the merchant already has a login', async () => {
    const login = await ctx.createMerchantLogin();
    const res = await ctx.request(
      'POST',
      `/api/users/merchant?username=${uniqueName('second').replace(/\s+/g, '_')}&password=Secret-pass-123&merchant_id=${login.merchantId}`,
      { token: tokens.superadmin },
    );
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: 'This merchant already has a login' });
  });

  it.each([
    ['password=Secret-pass-123&merchant_id=MID', 'Username is required'],
    ['username=%20%20&password=Secret-pass-123&merchant_id=MID', 'Username is required'],
    ['username=someone&merchant_id=MID', 'Password is required'],
    ['username=someone&password=&merchant_id=MID', 'Password is required'],
    ['username=someone&password=abc&merchant_id=MID', 'Password must be at least 8 characters'],
    ['username=some%20one&password=Secret-pass-123&merchant_id=MID', 'Username must not contain spaces'],
    ['username=someone&password=Secret-pass-123', 'merchant_id is required'],
    ['username=someone&password=Secret-pass-123&merchant_id=12', 'merchant_id must be a valid id'],
  ])('answers 422 for ?%s', async (query, detail) => {
    const m = await ctx.createMerchant();
    const res = await ctx.request('POST', `/api/users/merchant?${query.replace('MID', m.id)}`, {
      token: tokens.superadmin,
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ detail });
  });

  it('answers 404 for a merchant that does not exist', async () => {
    const res = await ctx.request(
      'POST',
      '/api/users/merchant?username=ghost_merchant&password=Secret-pass-123&merchant_id=00000000-0000-4000-8000-000000000002',
      { token: tokens.superadmin },
    );
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Merchant not found' });
  });
});

describe('POST /api/merchants/upload-image', () => {
  it.each(['superadmin', 'admin', 'manager', 'merchant'] as const)(
    'stores an image for a %s and serves it',
    async (role) => {
      const token = tokens[role];
      const res = await ctx.request('POST', '/api/merchants/upload-image', { token, body: fileBody(tinyPng()) });
      expect(res.status).toBe(201);
      expect(res.body.url).toMatch(/^\/uploads\/merchants\/[0-9a-f-]{36}\.png$/);
      const file = await ctx.request('GET', `/api/files/${res.body.url.slice('/uploads/'.length)}`);
      expect(file.status).toBe(200);
      expect(file.headers.get('Content-Type')).toBe('image/png');
    },
  );

  it('refuses a file that is not an image with 415, whatever its name', async () => {
    const pdf = new File([new TextEncoder().encode('%PDF-1.4 fake')], 'menu.png', { type: 'image/png' });
    const text = new File([new TextEncoder().encode('hello')], 'photo.jpg', { type: 'image/jpeg' });
    for (const file of [pdf, text]) {
      const res = await ctx.request('POST', '/api/merchants/upload-image', {
        token: tokens.superadmin,
        body: fileBody(file),
      });
      expect(res.status).toBe(415);
      expect(res.body).toEqual({ detail: 'Only PNG, JPEG, WebP or GIF images are allowed' });
    }
  });

  it('refuses a file over 5 MB with 413', async () => {
    const png = new Uint8Array(5 * 1024 * 1024 + 10);
    png.set(await tinyPng().bytes());
    const res = await ctx.request('POST', '/api/merchants/upload-image', {
      token: tokens.superadmin,
      body: fileBody(new File([png], 'big.png', { type: 'image/png' })),
    });
    expect(res.status).toBe(413);
    expect(res.body.detail).toEqual(expect.any(String));
  });

  it('answers 422 without a file, 401 without a login and 403 for a hotel', async () => {
    let res = await ctx.request('POST', '/api/merchants/upload-image', {
      token: tokens.superadmin,
      body: new FormData(),
    });
    expect(res.status).toBe(422);
    res = await ctx.request('POST', '/api/merchants/upload-image', { body: fileBody(tinyPng()) });
    expect(res.status).toBe(401);
    res = await ctx.request('POST', '/api/merchants/upload-image', { token: tokens.hotel, body: fileBody(tinyPng()) });
    expect(res.status).toBe(403);
  });
});

describe('who may use /api/merchants (docs/PRODUCT.md "Roles")', () => {
  async function calls() {
    const m = await ctx.createMerchant();
    const input = await validInput();
    return [
      ['GET', '/api/merchants', undefined],
      ['POST', '/api/merchants', input],
      ['PUT', `/api/merchants/${m.id}`, input],
      ['DELETE', `/api/merchants/${m.id}`, undefined],
      ['POST', `/api/users/merchant?username=nobody_here&password=Secret-pass-123&merchant_id=${m.id}`, undefined],
    ] as const;
  }

  it('answers 401 to every call without a token', async () => {
    for (const [method, path, json] of await calls()) {
      const res = await ctx.request(method, path, { json });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it.each(['hotel', 'merchant'] as const)('answers 403 to every call for a %s login', async (kind) => {
    const token = kind === 'hotel' ? tokens.hotel : tokens.merchant;
    const attempts = await calls();
    const before = (await list()).length;
    for (const [method, path, json] of attempts) {
      const res = await ctx.request(method, path, { token, json });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.detail).toEqual(expect.any(String));
    }
    expect((await list()).length).toBe(before);
  });

  it('lets a manager list, create, update and add a login, but not delete', async () => {
    expect((await ctx.request('GET', '/api/merchants', { token: tokens.manager })).status).toBe(200);
    const created = await ctx.request('POST', '/api/merchants', { token: tokens.manager, json: await validInput() });
    expect(created.status).toBe(201);
    const updated = await ctx.request('PUT', `/api/merchants/${created.body.id}`, {
      token: tokens.manager,
      json: await validInput(),
    });
    expect(updated.status).toBe(200);
    const del = await ctx.request('DELETE', `/api/merchants/${created.body.id}`, { token: tokens.manager });
    expect(del.status).toBe(403);
  });

  it.each(['superadmin', 'admin'] as const)('lets an %s delete', async (role) => {
    const token = role === 'admin' ? tokens.admin : tokens.superadmin;
    const m = await ctx.createMerchant();
    const res = await ctx.request('DELETE', `/api/merchants/${m.id}`, { token });
    expect(res.status).toBe(200);
  });
});
