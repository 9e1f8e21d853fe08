import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { offers } from '../support/tables';
import { addDays, todayIn } from '../../src/shared/dates';
import { expectAnswer, expectDetail, useTestContext, useRoleTokens } from '../support';
import { fileBody, insertOffer, offerInput, tinyPng } from '../support/offer-factories';

const ctx = useTestContext();
const tokens = useRoleTokens(ctx);
let today: string;

beforeAll(() => {
  today = todayIn(ctx.config.timeZone);
});

async function uploadImage(): Promise<string> {
  const res = await ctx.request('POST', '/api/merchants/upload-image', {
    token: tokens.superadmin,
    body: fileBody(tinyPng()),
  });
  expect(res.status).toBe(201);
  return res.body.url;
}

async function validInput(overrides: Record<string, unknown> = {}) {
  const m = (overrides.merchant_id as string | undefined) ?? (await ctx.createMerchant()).id;
  return { ...offerInput(m, today, '20% off dinner'), ...overrides };
}

async function create(overrides: Record<string, unknown> = {}, token = tokens.superadmin) {
  const res = await ctx.request('POST', '/api/offers', { token, json: await validInput(overrides) });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function listAll(query = '', token = tokens.superadmin): Promise<any[]> {
  const res = await ctx.request('GET', `/api/offers${query}`, { token });
  expect(res.status).toBe(200);
  return res.body;
}

async function expect422(json: unknown, detail: string, method = 'POST', path = '/api/offers') {
  const res = await ctx.request(method, path, { token: tokens.superadmin, json });
  expectAnswer(res, 422, { detail }, JSON.stringify(json));
}

describe('GET /api/offers (back office)', () => {
  it('answers every docs/PRODUCT.md "API fields" offer field plus the merchant, its type and location', async () => {
    const location = await ctx.createLocation();
    const type = await ctx.createMerchantType();
    const m = await ctx.createMerchant({ locationId: location.id, merchantTypeId: type.id });
    const image = await uploadImage();
    const row = await insertOffer(ctx.db, {
      merchantId: m.id,
      offerType: 'cash_discount',
      offerValue: 150.5,
      images: [image],
      openingHours: '09:30',
      closingHours: '23:00',
    });
    const offer = (await listAll()).find((o) => o.id === row.id);
    const nothing = {
      issued: 0,
      redeemed: 0,
      redemption_rate: null,
      bill_total: 0,
      average_bill: null,
      bills_entered: 0,
    };
    expect(offer).toEqual({
      id: row.id,
      merchant_id: m.id,
      offer_name: row.offerName,
      offer_type: 'cash_discount',
      offer_value: 150.5,
      terms_conditions: row.termsConditions,
      opening_hours: '09:30',
      closing_hours: '23:00',
      description: row.description,
      validity_from: row.validityFrom,
      validity_to: row.validityTo,
      is_active: true,
      is_expired: false,
      status: 'Active',
      created_at: row.createdAt.toISOString(),
      merchant_name: m.name,
      images: [image],
      merchant: { name: m.name, merchant_type: type.name },
      merchant_type_id: type.id,
      location_id: location.id,
      location_name: location.name,
      total_cap: null,
      daily_cap: null,
      redeem_weekdays: null,
      blackout_dates: null,
      min_bill: null,
      max_party: null,
      per_guest_days: null,
      is_paused: false,
      // Counted by caps only (docs/PRODUCT.md "API fields"): an offer without caps has no figures.
      issued_today: null,
      issued_total: null,
      left_today: null,
      left_total: null,
      cap_reached: false,
      // Its results (docs/DATA.md "Per-offer results"): nothing issued yet.
      results: {
        this_month: nothing,
        all_time: nothing,
      },
    });
  });

  it('derives status as docs/PRODUCT.md "States": Expired (even if inactive), else Inactive, else Active', async () => {
    const m = await ctx.createMerchant();
    const yesterday = addDays(today, -1);
    const rows = {
      expired: await insertOffer(ctx.db, { merchantId: m.id, validityFrom: addDays(today, -9), validityTo: yesterday }),
      expiredInactive: await insertOffer(ctx.db, {
        merchantId: m.id,
        validityFrom: addDays(today, -9),
        validityTo: yesterday,
        isActive: false,
      }),
      inactive: await insertOffer(ctx.db, { merchantId: m.id, isActive: false }),
      active: await insertOffer(ctx.db, { merchantId: m.id }),
      endsToday: await insertOffer(ctx.db, { merchantId: m.id, validityFrom: addDays(today, -3), validityTo: today }),
      future: await insertOffer(ctx.db, {
        merchantId: m.id,
        validityFrom: addDays(today, 5),
        validityTo: addDays(today, 9),
      }),
    };
    const byId = new Map((await listAll()).map((o) => [o.id, o]));
    const state = (key: keyof typeof rows) => {
      const o = byId.get(rows[key].id);
      return [o.status, o.is_expired, o.is_active];
    };
    expect(state('expired')).toEqual(['Expired', true, true]);
    expect(state('expiredInactive')).toEqual(['Expired', true, false]);
    expect(state('inactive')).toEqual(['Inactive', false, false]);
    expect(state('active')).toEqual(['Active', false, true]);
    expect(state('endsToday')).toEqual(['Active', false, true]);
    expect(state('future')).toEqual(['Active', false, true]);
  });

  it('filters by location_id and leaves out archived offers and offers of archived merchants', async () => {
    const location = await ctx.createLocation();
    const m = await ctx.createMerchant({ locationId: location.id });
    const gone = await ctx.createMerchant({ locationId: location.id, archivedAt: new Date() });
    const shown = await insertOffer(ctx.db, { merchantId: m.id, isActive: false });
    await insertOffer(ctx.db, { merchantId: m.id, archivedAt: new Date() });
    await insertOffer(ctx.db, { merchantId: gone.id });
    const elsewhere = await insertOffer(ctx.db);
    expect((await listAll(`?location_id=${location.id}`)).map((o) => o.id)).toEqual([shown.id]);
    const all = (await listAll()).map((o) => o.id);
    expect(all).toContain(shown.id);
    expect(all).toContain(elsewhere.id);
  });

  it('answers 422 for a malformed location_id', async () => {
    const res = await ctx.request('GET', '/api/offers?location_id=goa', { token: tokens.superadmin });
    expectAnswer(res, 422, { detail: 'location_id must be a positive whole number' });
  });
});

describe('GET /api/offers without a back-office login (the guest call)', () => {
  it('requires location_id (422)', async () => {
    expectAnswer(await ctx.request('GET', '/api/offers'), 422, { detail: 'location_id is required' });
  });

  it('shows only guest-visible offers: active, in date today, merchant of that location and not archived', async () => {
    const location = await ctx.createLocation();
    const m = await ctx.createMerchant({ locationId: location.id });
    const archivedMerchant = await ctx.createMerchant({ locationId: location.id, archivedAt: new Date() });
    const visible = [
      await insertOffer(ctx.db, { merchantId: m.id }),
      await insertOffer(ctx.db, { merchantId: m.id, validityFrom: today, validityTo: today }),
    ];
    await insertOffer(ctx.db, { merchantId: m.id, isActive: false });
    await insertOffer(ctx.db, { merchantId: m.id, validityFrom: addDays(today, -5), validityTo: addDays(today, -1) });
    await insertOffer(ctx.db, { merchantId: m.id, validityFrom: addDays(today, 1), validityTo: addDays(today, 5) });
    await insertOffer(ctx.db, { merchantId: m.id, archivedAt: new Date() });
    await insertOffer(ctx.db, { merchantId: archivedMerchant.id });
    await insertOffer(ctx.db); // another location

    const res = await ctx.request('GET', `/api/offers?location_id=${location.id}`);
    expect(res.status).toBe(200);
    expect(res.body.map((o: { id: string }) => o.id).sort()).toEqual(visible.map((o) => o.id).sort());
    for (const offer of res.body)
      expect(offer).toMatchObject({ status: 'Active', is_active: true, is_expired: false, location_id: location.id });

    // The back office sees all five offers of the merchant that is not archived.
    expect((await listAll(`?location_id=${location.id}`)).length).toBe(5);
  });

  it.each(['hotel', 'merchant'] as const)(
    'gives a %s login the guest view too (it grants nothing more)',
    async (kind) => {
      const token = kind === 'hotel' ? tokens.hotel : tokens.merchant;
      const location = await ctx.createLocation();
      const m = await ctx.createMerchant({ locationId: location.id });
      const shown = await insertOffer(ctx.db, { merchantId: m.id });
      await insertOffer(ctx.db, { merchantId: m.id, isActive: false });
      const res = await ctx.request('GET', `/api/offers?location_id=${location.id}`, { token });
      expect(res.status).toBe(200);
      expect(res.body.map((o: { id: string }) => o.id)).toEqual([shown.id]);
      expect((await ctx.request('GET', '/api/offers', { token })).status).toBe(422);
    },
  );
});

describe('GET /api/offers/:id', () => {
  it('answers one offer', async () => {
    const created = await create();
    expectAnswer(await ctx.request('GET', `/api/offers/${created.id}`, { token: tokens.manager }), 200, created);
  });

  it('answers 404 for a missing or archived offer, 422 for a malformed id', async () => {
    const archived = await insertOffer(ctx.db, { archivedAt: new Date() });
    for (const id of ['00000000-0000-4000-8000-000000000000', archived.id]) {
      const res = await ctx.request('GET', `/api/offers/${id}`, { token: tokens.superadmin });
      expectAnswer(res, 404, { detail: 'Offer not found' });
    }
    expect((await ctx.request('GET', '/api/offers/abc', { token: tokens.superadmin })).status).toBe(422);
  });
});

describe('POST /api/offers', () => {
  it('creates an offer (201) with up to 3 uploaded images', async () => {
    const images = [await uploadImage(), await uploadImage(), await uploadImage()];
    const input = await validInput({
      images,
      offer_name: '  Sunset coffee  ',
      offer_value: '80',
      offer_type: 'fixed_discount',
    });
    const res = await ctx.request('POST', '/api/offers', { token: tokens.superadmin, json: input });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      merchant_id: input.merchant_id,
      offer_name: 'Sunset coffee',
      offer_type: 'fixed_discount',
      offer_value: 80,
      validity_from: input.validity_from,
      validity_to: input.validity_to,
      opening_hours: '10:00',
      closing_hours: '22:30',
      is_active: true,
      status: 'Active',
      images,
    });
    expect((await listAll()).map((o) => o.id)).toContain(res.body.id);
  });

  it('defaults offer_type to percentage, is_active to true and images to none', async () => {
    const { offer_type: _t, images: _i, ...input } = await validInput();
    const res = await ctx.request('POST', '/api/offers', { token: tokens.superadmin, json: input });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ offer_type: 'percentage', is_active: true, images: [] });
  });

  it('accepts a value of 0, seconds in the hours and ISO timestamps for the dates', async () => {
    const body = await create({
      offer_value: 0,
      opening_hours: '09:00:00',
      validity_from: '2030-11-21T18:30:00.000Z', // local midnight in India
      validity_to: '2030-11-25T00:00:00.000Z',
    });
    expect(body).toMatchObject({
      offer_value: 0,
      opening_hours: '09:00',
      validity_from: '2030-11-22',
      validity_to: '2030-11-25',
    });
  });

  it('refuses a fourth image with 422 "Maximum 3 images allowed"', async () => {
    const image = await uploadImage();
    await expect422(await validInput({ images: [image, image, image, image] }), 'Maximum 3 images allowed');
  });

  it.each([
    [{ validity_from: undefined }],
    [{ validity_to: undefined }],
    [{ validity_from: '' }],
    [{ validity_to: '   ' }],
    [{ validity_from: null }],
  ])('refuses %j with 422 "Please select validity dates"', async (overrides) => {
    await expect422(await validInput(overrides), 'Please select validity dates');
  });

  it.each([
    [{ validity_from: '2030-05-02', validity_to: '2030-05-01' }, 'Valid To date must be on or after Valid From date'],
    [{ validity_from: '2026-02-30' }, 'Validity dates must be dates such as 2026-11-22'],
    [{ validity_to: 'next week' }, 'Validity dates must be dates such as 2026-11-22'],
    [{ offer_name: '  ' }, 'Offer name is required'],
    [{ offer_name: undefined }, 'Offer name is required'],
    [{ offer_type: 'bogo' }, 'Offer type must be cash_discount, fixed_discount or percentage'],
    [{ offer_value: undefined }, 'Offer value is required'],
    [{ offer_value: '' }, 'Offer value is required'],
    [{ offer_value: 'ten' }, 'Offer value must be a number'],
    [{ offer_value: -1 }, 'Offer value cannot be negative'],
    [{ offer_value: 101 }, 'Percentage offer value cannot be more than 100'],
    [{ offer_value: 20_000_000, offer_type: 'cash_discount' }, 'Offer value is too large'],
    [{ opening_hours: '' }, 'Opening hours are required'],
    [{ closing_hours: undefined }, 'Closing hours are required'],
    [{ closing_hours: '25:00' }, 'Closing hours must be a time such as 09:30'],
    [{ description: ' ' }, 'Description is required'],
    [{ terms_conditions: undefined }, 'Terms and conditions are required'],
    [{ is_active: 'yes' }, 'is_active must be true or false'],
    [{ images: ['https://evil.example/x.png'] }, 'Each image must be uploaded through /merchants/upload-image'],
    [{ images: ['/uploads/../../etc/passwd'] }, 'Each image must be uploaded through /merchants/upload-image'],
    [{ merchant_id: 'abc' }, 'merchant_id must be a valid id'],
  ])('refuses %j with 422 %j', async (overrides, detail) => {
    const before = (await listAll()).length;
    await expect422(await validInput(overrides), detail);
    expect((await listAll()).length).toBe(before);
  });

  it('allows more than 100 for cash and fixed discounts', async () => {
    expect((await create({ offer_type: 'cash_discount', offer_value: 500 })).offer_value).toBe(500);
  });

  it('refuses a missing merchant_id, and a merchant that does not exist or is archived', async () => {
    const { merchant_id: _m, ...input } = await validInput();
    await expect422(input, 'Merchant is required');
    await expect422({ ...input, merchant_id: '00000000-0000-4000-8000-000000000003' }, 'Merchant not found');
    const archived = await ctx.createMerchant({ archivedAt: new Date() });
    await expect422({ ...input, merchant_id: archived.id }, 'Merchant not found');
  });
});

describe('PUT /api/offers/:id', () => {
  it('saves the full offer sent back with ISO timestamp dates; the merchant stays', async () => {
    const created = await create();
    const other = await ctx.createMerchant();
    const image = await uploadImage();
    const edited = {
      ...created,
      merchant_id: other.id,
      offer_name: 'Edited offer',
      offer_type: 'cash_discount',
      offer_value: 250,
      validity_from: '2031-01-09T18:30:00.000Z',
      validity_to: '2031-02-10T00:00:00.000Z',
      is_active: false,
      images: [image],
    };
    const res = await ctx.request('PUT', `/api/offers/${created.id}`, { token: tokens.manager, json: edited });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: created.id,
      merchant_id: created.merchant_id,
      offer_name: 'Edited offer',
      offer_type: 'cash_discount',
      offer_value: 250,
      validity_from: '2031-01-10',
      validity_to: '2031-02-10',
      is_active: false,
      status: 'Inactive',
      images: [image],
    });
    const [row] = await ctx.db.select().from(offers).where(eq(offers.id, created.id));
    expect(row).toMatchObject({
      validityFrom: '2031-01-10',
      validityTo: '2031-02-10',
      merchantId: created.merchant_id,
    });
  });

  it('accepts plain dates too', async () => {
    const created = await create();
    const res = await ctx.request('PUT', `/api/offers/${created.id}`, {
      token: tokens.superadmin,
      json: { ...created, validity_to: '2032-05-01' },
    });
    expect(res.status).toBe(200);
    expect(res.body.validity_to).toBe('2032-05-01');
  });

  it('validates like create and changes nothing on a refusal', async () => {
    const created = await create();
    const path = `/api/offers/${created.id}`;
    await expect422({ ...created, validity_from: null }, 'Please select validity dates', 'PUT', path);
    const image = await uploadImage();
    await expect422({ ...created, images: [image, image, image, image] }, 'Maximum 3 images allowed', 'PUT', path);
    await expect422(
      { ...created, offer_type: 'percentage', offer_value: 150 },
      'Percentage offer value cannot be more than 100',
      'PUT',
      path,
    );
    await expect422(
      { ...created, validity_from: '2030-05-02', validity_to: '2030-05-01' },
      'Valid To date must be on or after Valid From date',
      'PUT',
      path,
    );
    const res = await ctx.request('GET', path, { token: tokens.superadmin });
    expect(res.body).toEqual(created);
  });

  it('answers 404 for a missing or archived offer', async () => {
    const archived = await insertOffer(ctx.db, { archivedAt: new Date() });
    const input = await validInput();
    for (const id of ['00000000-0000-4000-8000-000000000004', archived.id]) {
      const res = await ctx.request('PUT', `/api/offers/${id}`, { token: tokens.superadmin, json: input });
      expectAnswer(res, 404, { detail: 'Offer not found' });
    }
  });
});

describe('PATCH /api/offers/:id/toggle-active', () => {
  it('deactivates then activates, answering the message to show', async () => {
    const created = await create();
    let res = await ctx.request('PATCH', `/api/offers/${created.id}/toggle-active`, { token: tokens.manager });
    expectAnswer(res, 200, { message: 'Offer deactivated successfully', is_active: false });
    expect((await listAll()).find((o) => o.id === created.id).status).toBe('Inactive');
    res = await ctx.request('PATCH', `/api/offers/${created.id}/toggle-active`, { token: tokens.admin });
    expectAnswer(res, 200, { message: 'Offer activated successfully', is_active: true });
    expect((await listAll()).find((o) => o.id === created.id).status).toBe('Active');
  });

  it('keeps an expired offer Expired whatever the toggle says', async () => {
    const row = await insertOffer(ctx.db, {
      validityFrom: addDays(today, -10),
      validityTo: addDays(today, -2),
      isActive: false,
    });
    const res = await ctx.request('PATCH', `/api/offers/${row.id}/toggle-active`, { token: tokens.superadmin });
    expectAnswer(res, 200, { message: 'Offer activated successfully', is_active: true });
    expect((await listAll()).find((o) => o.id === row.id).status).toBe('Expired');
  });

  it('answers 404 for a missing or archived offer', async () => {
    const archived = await insertOffer(ctx.db, { archivedAt: new Date() });
    for (const id of ['00000000-0000-4000-8000-000000000005', archived.id]) {
      const res = await ctx.request('PATCH', `/api/offers/${id}/toggle-active`, { token: tokens.superadmin });
      expectAnswer(res, 404, { detail: 'Offer not found' });
    }
  });
});

describe('who may use /api/offers (docs/PRODUCT.md "Roles")', () => {
  async function writes() {
    const created = await create();
    const input = await validInput();
    return [
      ['GET', `/api/offers/${created.id}`, undefined],
      ['POST', '/api/offers', input],
      ['PUT', `/api/offers/${created.id}`, input],
      ['PATCH', `/api/offers/${created.id}/toggle-active`, undefined],
    ] as const;
  }

  it('answers 401 without a token to everything but the guest list', async () => {
    for (const [method, path, json] of await writes()) {
      const res = await ctx.request(method, path, { json });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it.each(['hotel', 'merchant'] as const)(
    'answers 403 to a %s login on the admin calls, changing nothing',
    async (kind) => {
      const token = kind === 'hotel' ? tokens.hotel : tokens.merchant;
      const calls = await writes();
      const before = await listAll();
      for (const [method, path, json] of calls) {
        expectDetail(await ctx.request(method, path, { token, json }), 403, `${method} ${path}`);
      }
      expect(await listAll()).toEqual(before);
    },
  );

  it.each(['superadmin', 'admin', 'manager'] as const)(
    'lets a %s list, read, create, edit and toggle',
    async (role) => {
      const token = tokens[role];
      const created = await create({}, token);
      expect((await listAll('', token)).map((o) => o.id)).toContain(created.id);
      expect((await ctx.request('GET', `/api/offers/${created.id}`, { token })).status).toBe(200);
      expect((await ctx.request('PUT', `/api/offers/${created.id}`, { token, json: created })).status).toBe(200);
      expect((await ctx.request('PATCH', `/api/offers/${created.id}/toggle-active`, { token })).status).toBe(200);
    },
  );

  it('has no DELETE (offers are never deleted: docs/PRODUCT.md "Archiving")', async () => {
    const created = await create();
    const res = await ctx.request('DELETE', `/api/offers/${created.id}`, { token: tokens.superadmin });
    expect(res.status).toBe(404);
    expect((await listAll()).map((o) => o.id)).toContain(created.id);
  });
});
