import { describe, expect, it } from 'vitest';
import { GUEST_LANGUAGES } from '../../src/shared/guest-languages';
import { expectAnswer, expectDetail, uniqueName, useTestContext, useRoleTokens } from '../support';
import { locations } from '../support/tables';

const ctx = useTestContext();
const tokens = useRoleTokens(ctx);

interface Location {
  id: number;
  name: string;
  default_language: string;
}

const BAD_LANGUAGE = { detail: 'default_language must be one of en, hi, ta, te, kn, ml, bn, mr' };

async function list(token = tokens.superadmin): Promise<Location[]> {
  const res = await ctx.request('GET', '/api/locations', { token });
  expect(res.status).toBe(200);
  return res.body;
}

/** The calls on /api/locations, as the super admin unless a token is given. */
const post = (json: unknown, token = tokens.superadmin) => ctx.request('POST', '/api/locations', { token, json });
const put = (id: number | string, json: unknown, token = tokens.superadmin) =>
  ctx.request('PUT', `/api/locations/${id}`, { token, json });
const remove = (id: number | string, token = tokens.superadmin) =>
  ctx.request('DELETE', `/api/locations/${id}`, { token });

async function create(name: string, token = tokens.superadmin, extra: object = {}): Promise<Location> {
  const res = await post({ name, ...extra }, token);
  expect(res.status).toBe(201);
  return res.body;
}

describe('GET /api/locations', () => {
  it('lists locations as {id, name, default_language}, sorted by name ignoring case', async () => {
    // Letters only, so the order does not depend on the database collation's rules for spaces and digits.
    const names = ['Mysore', 'agra', 'Kochi', 'bhopal'];
    for (const name of names) await create(name);
    const all = await list();
    for (const location of all)
      expect(location).toEqual({ id: expect.any(Number), name: expect.any(String), default_language: 'en' });
    const mine = all.filter((l) => names.includes(l.name)).map((l) => l.name);
    expect(mine).toEqual([names[1], names[3], names[2], names[0]]);
  });
});

describe('POST /api/locations', () => {
  it('creates a location with the name trimmed, in English by default (201)', async () => {
    const name = uniqueName('Goa');
    const res = await post({ name: `  ${name}  ` });
    expectAnswer(res, 201, { id: expect.any(Number), name, default_language: 'en' });
    expect(await list()).toContainEqual({ id: res.body.id, name, default_language: 'en' });
  });

  it.each(GUEST_LANGUAGES)('creates a location whose guest page language is %s', async (lang) => {
    const name = uniqueName('Chennai');
    const res = await post({ name, default_language: lang });
    expectAnswer(res, 201, { id: expect.any(Number), name, default_language: lang });
    expect(await list()).toContainEqual(res.body);
  });

  it("keeps a language outside the guest page's out of the table itself (its check constraint)", async () => {
    const insert = (lang: string) =>
      ctx.db
        .insert(locations)
        .values({ name: uniqueName('Lyon'), defaultLanguage: lang as 'en' })
        .returning();
    await expect(insert('fr')).rejects.toThrow();
    expect((await insert('mr'))[0]).toMatchObject({ defaultLanguage: 'mr' });
  });

  it.each(['fr', 'EN', 'ta-IN', '', null, 7])('refuses the default_language %j with 422', async (lang) => {
    const before = await list();
    expectAnswer(await post({ name: uniqueName('Paris'), default_language: lang }), 422, BAD_LANGUAGE);
    expect(await list()).toEqual(before);
  });

  it.each([{ name: '' }, { name: '   ' }, {}, { name: null }])(
    'refuses %j with 422 "Location name is required"',
    async (json) => {
      const before = await list();
      expectAnswer(await post(json), 422, { detail: 'Location name is required' });
      expect(await list()).toEqual(before);
    },
  );

  it('refuses a duplicate name ignoring case with 409', async () => {
    const existing = await create(uniqueName('Jaipur'));
    const before = await list();
    const res = await post({ name: ` ${existing.name.toUpperCase()} ` });
    expectAnswer(res, 409, { detail: 'A location with this name already exists' });
    expect(await list()).toEqual(before);
  });

  it('answers 400 with a detail for malformed JSON', async () => {
    const res = await ctx.request('POST', '/api/locations', {
      token: tokens.superadmin,
      body: '{"name": ',
      headers: { 'Content-Type': 'application/json' },
    });
    expectDetail(res, 400);
  });
});

describe('PUT /api/locations/:id', () => {
  it('renames a location from {id, name} (extra keys ignored)', async () => {
    const location = await create(uniqueName('Udaipur'));
    const name = uniqueName('Udaipur City');
    const renamed = { id: location.id, name, default_language: 'en' };
    expectAnswer(await put(location.id, { id: location.id, name: ` ${name} ` }), 200, renamed);
    expect(await list()).toContainEqual(renamed);
  });

  it('changes the guest page language, and keeps it when a save leaves it out', async () => {
    const location = await create(uniqueName('Mysuru'));
    const kannada = { ...location, default_language: 'kn' };
    expectAnswer(await put(location.id, kannada), 200, kannada);
    const name = uniqueName('Mysore');
    expectAnswer(await put(location.id, { name }), 200, { ...kannada, name });
    expect(await list()).toContainEqual({ ...kannada, name });
  });

  it("refuses a language outside the guest page's with 422 and changes nothing", async () => {
    const location = await create(uniqueName('Kolkata'), tokens.superadmin, { default_language: 'bn' });
    expectAnswer(await put(location.id, { ...location, default_language: 'fr' }), 422, BAD_LANGUAGE);
    expect(await list()).toContainEqual(location);
  });

  it("gives the location's language to its hotels' public page, which follows a change", async () => {
    const location = await create(uniqueName('Madurai'), tokens.superadmin, { default_language: 'ta' });
    const hotel = await ctx.createHotel({ locationId: location.id });
    const publicHotel = () => ctx.request('GET', `/api/hotels/${hotel.id}`);
    expect((await publicHotel()).body).toMatchObject({ location_id: location.id, default_language: 'ta' });
    expect((await put(location.id, { ...location, default_language: 'ml' })).status).toBe(200);
    expect((await publicHotel()).body).toMatchObject({ default_language: 'ml' });
  });

  it('allows changing only the case of its own name', async () => {
    const location = await create(uniqueName('munnar'));
    const res = await put(location.id, { name: location.name.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe(location.name.toUpperCase());
  });

  it('refuses renaming to another location’s name with 409 and changes nothing', async () => {
    const a = await create(uniqueName('Shimla'));
    const b = await create(uniqueName('Manali'));
    const res = await put(b.id, { id: b.id, name: a.name.toLowerCase() });
    expectAnswer(res, 409, { detail: 'A location with this name already exists' });
    expect(await list()).toContainEqual(b);
  });

  it('refuses a blank name with 422', async () => {
    const location = await create(uniqueName('Ooty'));
    expectAnswer(await put(location.id, { id: location.id, name: ' ' }), 422, { detail: 'Location name is required' });
    expect(await list()).toContainEqual(location);
  });

  it('answers 404 for a missing location', async () => {
    expectAnswer(await put(987654, { id: 987654, name: uniqueName('Nowhere') }), 404, { detail: 'Location not found' });
  });

  it.each(['abc', '0', '-1', '1.5'])('answers 422 for the id %s', async (id) => {
    const res = await put(id, { name: uniqueName('X') });
    expect(res.status).toBe(422);
    expect(res.body.detail).toMatch(/id/);
  });
});

describe('DELETE /api/locations/:id', () => {
  it('deletes an unused location (200)', async () => {
    const location = await create(uniqueName('Coorg'));
    expectDetail(await remove(location.id), 200);
    expect((await list()).map((l) => l.id)).not.toContain(location.id);
  });

  it.each([
    ['hotel', 'superadmin', (locationId: number) => ctx.createHotel({ locationId })],
    ['merchant', 'admin', (locationId: number) => ctx.createMerchant({ locationId })],
  ] as const)('refuses a location a %s refers to with 409 and keeps it', async (_kind, role, referTo) => {
    const location = await create(uniqueName('Kovalam'));
    await referTo(location.id);
    const res = await remove(location.id, tokens[role]);
    expectAnswer(res, 409, { detail: 'This location has hotels or merchants and cannot be deleted' });
    expect(await list()).toContainEqual(location);
  });

  it('refuses a location an archived hotel still refers to', async () => {
    const location = await create(uniqueName('Hampi'));
    await ctx.createHotel({ locationId: location.id, archivedAt: new Date() });
    const res = await remove(location.id);
    expect(res.status).toBe(409);
  });

  it('answers 404 for a missing location', async () => {
    expectAnswer(await remove(987655), 404, { detail: 'Location not found' });
  });

  it('answers 422 for a non-numeric id', async () => {
    const res = await remove('abc');
    expect(res.status).toBe(422);
    expect(res.body.detail).toMatch(/id/);
  });
});

describe('who may use /api/locations (docs/PRODUCT.md "Roles")', () => {
  /** Every method, on the location `id` where it takes one. */
  const calls = (id: number) =>
    [
      ['GET', '/api/locations', undefined],
      ['POST', '/api/locations', { name: uniqueName('Nope') }],
      ['PUT', `/api/locations/${id}`, { name: uniqueName('Nope') }],
      ['DELETE', `/api/locations/${id}`, undefined],
    ] as const;

  it('answers 401 to every method without a token', async () => {
    const location = await create(uniqueName('Pune'));
    const before = await list();
    for (const [method, path, json] of calls(location.id)) {
      expectDetail(await ctx.request(method, path, { json }), 401, `${method} ${path}`);
    }
    expect(await list()).toEqual(before);
  });

  it.each(['hotel', 'merchant'] as const)('answers 403 to every method for a %s login', async (kind) => {
    const token = kind === 'hotel' ? tokens.hotel : tokens.merchant;
    const location = await create(uniqueName('Nashik'));
    const before = await list();
    for (const [method, path, json] of calls(location.id)) {
      expectDetail(await ctx.request(method, path, { token, json }), 403, `${method} ${path}`);
    }
    expect(await list()).toEqual(before);
  });

  it('lets a manager list, create and update, but not delete (403)', async () => {
    expect((await ctx.request('GET', '/api/locations', { token: tokens.manager })).status).toBe(200);
    const location = await create(uniqueName('Mumbai'), tokens.manager);
    const renamed = uniqueName('Bombay');
    expect((await put(location.id, { id: location.id, name: renamed }, tokens.manager)).status).toBe(200);

    expectDetail(await remove(location.id, tokens.manager), 403);
    expect(await list()).toContainEqual({ id: location.id, name: renamed, default_language: 'en' });
  });

  it.each(['admin', 'superadmin'] as const)('lets an %s delete', async (role) => {
    const token = role === 'admin' ? tokens.admin : tokens.superadmin;
    const location = await create(uniqueName('Delhi'), token);
    const res = await remove(location.id, token);
    expect(res.status).toBe(200);
    expect((await list(token)).map((l) => l.id)).not.toContain(location.id);
  });
});
