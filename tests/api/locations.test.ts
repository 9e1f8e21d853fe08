import { describe, expect, it } from 'vitest';
import { uniqueName, useTestContext, useRoleTokens } from '../support';

const ctx = useTestContext();
const tokens = useRoleTokens(ctx);

interface Location {
  id: number;
  name: string;
}

async function list(token = tokens.superadmin): Promise<Location[]> {
  const res = await ctx.request('GET', '/api/locations', { token });
  expect(res.status).toBe(200);
  return res.body;
}

async function create(name: string, token = tokens.superadmin): Promise<Location> {
  const res = await ctx.request('POST', '/api/locations', { token, json: { name } });
  expect(res.status).toBe(201);
  return res.body;
}

describe('GET /api/locations', () => {
  it('lists locations as {id, name}, sorted by name ignoring case', async () => {
    // Letters only, so the order does not depend on the database collation's rules for spaces and digits.
    const names = ['Mysore', 'agra', 'Kochi', 'bhopal'];
    for (const name of names) await create(name);
    const all = await list();
    for (const location of all) expect(location).toEqual({ id: expect.any(Number), name: expect.any(String) });
    const mine = all.filter((l) => names.includes(l.name)).map((l) => l.name);
    expect(mine).toEqual([names[1], names[3], names[2], names[0]]);
  });
});

describe('POST /api/locations', () => {
  it('creates a location with the name trimmed (201)', async () => {
    const name = uniqueName('Goa');
    const res = await ctx.request('POST', '/api/locations', {
      token: tokens.superadmin,
      json: { name: `  ${name}  ` },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), name });
    expect(await list()).toContainEqual({ id: res.body.id, name });
  });

  it.each([{ name: '' }, { name: '   ' }, {}, { name: null }])(
    'refuses %j with 422 "Location name is required"',
    async (json) => {
      const before = await list();
      const res = await ctx.request('POST', '/api/locations', { token: tokens.superadmin, json });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ detail: 'Location name is required' });
      expect(await list()).toEqual(before);
    },
  );

  it('refuses a duplicate name ignoring case with 409', async () => {
    const existing = await create(uniqueName('Jaipur'));
    const before = await list();
    const res = await ctx.request('POST', '/api/locations', {
      token: tokens.superadmin,
      json: { name: ` ${existing.name.toUpperCase()} ` },
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: 'A location with this name already exists' });
    expect(await list()).toEqual(before);
  });

  it('answers 400 with a detail for malformed JSON', async () => {
    const res = await ctx.request('POST', '/api/locations', {
      token: tokens.superadmin,
      body: '{"name": ',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.detail).toEqual(expect.any(String));
  });
});

describe('PUT /api/locations/:id', () => {
  it('renames a location from {id, name} (extra keys ignored)', async () => {
    const location = await create(uniqueName('Udaipur'));
    const name = uniqueName('Udaipur City');
    const res = await ctx.request('PUT', `/api/locations/${location.id}`, {
      token: tokens.superadmin,
      json: { id: location.id, name: ` ${name} ` },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: location.id, name });
    expect(await list()).toContainEqual({ id: location.id, name });
  });

  it('allows changing only the case of its own name', async () => {
    const location = await create(uniqueName('munnar'));
    const res = await ctx.request('PUT', `/api/locations/${location.id}`, {
      token: tokens.superadmin,
      json: { name: location.name.toUpperCase() },
    });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe(location.name.toUpperCase());
  });

  it('refuses renaming to another location’s name with 409 and changes nothing', async () => {
    const a = await create(uniqueName('Shimla'));
    const b = await create(uniqueName('Manali'));
    const res = await ctx.request('PUT', `/api/locations/${b.id}`, {
      token: tokens.superadmin,
      json: { id: b.id, name: a.name.toLowerCase() },
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: 'A location with this name already exists' });
    expect(await list()).toContainEqual(b);
  });

  it('refuses a blank name with 422', async () => {
    const location = await create(uniqueName('Ooty'));
    const res = await ctx.request('PUT', `/api/locations/${location.id}`, {
      token: tokens.superadmin,
      json: { id: location.id, name: ' ' },
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ detail: 'Location name is required' });
    expect(await list()).toContainEqual(location);
  });

  it('answers 404 for a missing location', async () => {
    const res = await ctx.request('PUT', '/api/locations/987654', {
      token: tokens.superadmin,
      json: { id: 987654, name: uniqueName('Nowhere') },
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Location not found' });
  });

  it.each(['abc', '0', '-1', '1.5'])('answers 422 for the id %s', async (id) => {
    const res = await ctx.request('PUT', `/api/locations/${id}`, {
      token: tokens.superadmin,
      json: { name: uniqueName('X') },
    });
    expect(res.status).toBe(422);
    expect(res.body.detail).toMatch(/id/);
  });
});

describe('DELETE /api/locations/:id', () => {
  it('deletes an unused location (200)', async () => {
    const location = await create(uniqueName('Coorg'));
    const res = await ctx.request('DELETE', `/api/locations/${location.id}`, { token: tokens.superadmin });
    expect(res.status).toBe(200);
    expect(res.body.detail).toEqual(expect.any(String));
    expect((await list()).map((l) => l.id)).not.toContain(location.id);
  });

  it.each([
    ['hotel', 'superadmin', (locationId: number) => ctx.createHotel({ locationId })],
    ['merchant', 'admin', (locationId: number) => ctx.createMerchant({ locationId })],
  ] as const)('refuses a location a %s refers to with 409 and keeps it', async (_kind, role, referTo) => {
    const location = await create(uniqueName('Kovalam'));
    await referTo(location.id);
    const res = await ctx.request('DELETE', `/api/locations/${location.id}`, { token: tokens[role] });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: 'This location has hotels or merchants and cannot be deleted' });
    expect(await list()).toContainEqual(location);
  });

  it('refuses a location an archived hotel still refers to', async () => {
    const location = await create(uniqueName('Hampi'));
    await ctx.createHotel({ locationId: location.id, archivedAt: new Date() });
    const res = await ctx.request('DELETE', `/api/locations/${location.id}`, { token: tokens.superadmin });
    expect(res.status).toBe(409);
  });

  it('answers 404 for a missing location', async () => {
    const res = await ctx.request('DELETE', '/api/locations/987655', { token: tokens.superadmin });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Location not found' });
  });

  it('answers 422 for a non-numeric id', async () => {
    const res = await ctx.request('DELETE', '/api/locations/abc', { token: tokens.superadmin });
    expect(res.status).toBe(422);
    expect(res.body.detail).toMatch(/id/);
  });
});

describe('who may use /api/locations (docs/PRODUCT.md "Roles")', () => {
  it('answers 401 to every method without a token', async () => {
    const location = await create(uniqueName('Pune'));
    const before = await list();
    for (const [method, path, json] of [
      ['GET', '/api/locations', undefined],
      ['POST', '/api/locations', { name: uniqueName('Anon') }],
      ['PUT', `/api/locations/${location.id}`, { name: uniqueName('Anon') }],
      ['DELETE', `/api/locations/${location.id}`, undefined],
    ] as const) {
      const res = await ctx.request(method, path, { json });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.detail).toEqual(expect.any(String));
    }
    expect(await list()).toEqual(before);
  });

  it.each(['hotel', 'merchant'] as const)('answers 403 to every method for a %s login', async (kind) => {
    const token = kind === 'hotel' ? tokens.hotel : tokens.merchant;
    const location = await create(uniqueName('Nashik'));
    const before = await list();
    for (const [method, path, json] of [
      ['GET', '/api/locations', undefined],
      ['POST', '/api/locations', { name: uniqueName('Nope') }],
      ['PUT', `/api/locations/${location.id}`, { name: uniqueName('Nope') }],
      ['DELETE', `/api/locations/${location.id}`, undefined],
    ] as const) {
      const res = await ctx.request(method, path, { token, json });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.detail).toEqual(expect.any(String));
    }
    expect(await list()).toEqual(before);
  });

  it('lets a manager list, create and update, but not delete (403)', async () => {
    expect((await ctx.request('GET', '/api/locations', { token: tokens.manager })).status).toBe(200);
    const location = await create(uniqueName('Mumbai'), tokens.manager);
    const renamed = uniqueName('Bombay');
    const put = await ctx.request('PUT', `/api/locations/${location.id}`, {
      token: tokens.manager,
      json: { id: location.id, name: renamed },
    });
    expect(put.status).toBe(200);

    const del = await ctx.request('DELETE', `/api/locations/${location.id}`, { token: tokens.manager });
    expect(del.status).toBe(403);
    expect(del.body.detail).toEqual(expect.any(String));
    expect(await list()).toContainEqual({ id: location.id, name: renamed });
  });

  it.each(['admin', 'superadmin'] as const)('lets an %s delete', async (role) => {
    const token = role === 'admin' ? tokens.admin : tokens.superadmin;
    const location = await create(uniqueName('Delhi'), token);
    const res = await ctx.request('DELETE', `/api/locations/${location.id}`, { token });
    expect(res.status).toBe(200);
    expect((await list(token)).map((l) => l.id)).not.toContain(location.id);
  });
});
