import { describe, expect, it } from 'vitest';
import { MerchantTypeView } from '../../src/server/modules/merchant-types/merchant-types.presenter';
import { expectAnswer, expectDetail, uniqueName, useTestContext, useRoleTokens } from '../support';
import { pngFile, uploadBody } from '../support/settings-factories';

const ctx = useTestContext();
const tokens = useRoleTokens(ctx);

interface MerchantType {
  id: number;
  name: string;
  thumbnail_url: string | null;
}

const THUMB = /^\/uploads\/merchant_types\/[0-9a-f-]{36}\.png$/;

async function list(): Promise<MerchantType[]> {
  const res = await ctx.request('GET', '/api/merchant-types');
  expect(res.status).toBe(200);
  return res.body;
}

/** The calls on /api/merchant-types, as the super admin unless a token is given. */
const post = (json: unknown, token = tokens.superadmin) => ctx.request('POST', '/api/merchant-types', { token, json });
const put = (id: number | string, json: unknown, token = tokens.superadmin) =>
  ctx.request('PUT', `/api/merchant-types/${id}`, { token, json });
const remove = (id: number | string, token = tokens.superadmin) =>
  ctx.request('DELETE', `/api/merchant-types/${id}`, { token });

async function create(json: Record<string, unknown>, token = tokens.superadmin): Promise<MerchantType> {
  const res = await post(json, token);
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function upload(token = tokens.superadmin, file = pngFile()) {
  return ctx.request('POST', '/api/merchant-types/upload-thumbnail', { token, body: uploadBody(file) });
}

describe('GET /api/merchant-types', () => {
  it('is public and lists {id, name, thumbnail_url} sorted by name ignoring case', async () => {
    const names = ['Yoga', 'bakery', 'Tailor', 'florist'];
    for (const name of names) await create({ name });
    const all = await list();
    for (const type of all) expect(Object.keys(type).sort()).toEqual(Object.keys(MerchantTypeView.entries).sort());
    expect(all.filter((t) => names.includes(t.name)).map((t) => t.name)).toEqual([
      'bakery',
      'florist',
      'Tailor',
      'Yoga',
    ]);
  });
});

describe('POST /api/merchant-types', () => {
  it('creates a type with a trimmed name and an uploaded thumbnail (201)', async () => {
    const { body: uploaded } = await upload();
    const name = uniqueName('Restaurant');
    const res = await post({ name: `  ${name} `, thumbnail_url: uploaded.url });
    expectAnswer(res, 201, { id: expect.any(Number), name, thumbnail_url: uploaded.url });
    expect(await list()).toContainEqual(res.body);
  });

  it('creates a type without a thumbnail; blank thumbnail_url is stored as null', async () => {
    expect((await create({ name: uniqueName('Cafe') })).thumbnail_url).toBeNull();
    expect((await create({ name: uniqueName('Cafe'), thumbnail_url: '' })).thumbnail_url).toBeNull();
    expect((await create({ name: uniqueName('Cafe'), thumbnail_url: null })).thumbnail_url).toBeNull();
  });

  it.each([{ name: '' }, { name: '   ' }, {}, { name: null }, { thumbnail_url: null }])(
    'refuses %j with 422 "Please enter merchant type name"',
    async (json) => {
      const before = await list();
      expectAnswer(await post(json), 422, { detail: 'Please enter merchant type name' });
      expect(await list()).toEqual(before);
    },
  );

  it.each(['javascript:alert(1)', '/uploads/hotels/00000000-0000-0000-0000-000000000000.png', '../../etc/passwd'])(
    'refuses the thumbnail_url %s with 422',
    async (thumbnail_url) => {
      const res = await post({ name: uniqueName('Bad'), thumbnail_url });
      expectAnswer(res, 422, { detail: 'Thumbnail must be an uploaded image' });
    },
  );

  it('refuses a duplicate name ignoring case with 409', async () => {
    const existing = await create({ name: uniqueName('Spa') });
    const before = await list();
    const res = await post({ name: ` ${existing.name.toUpperCase()} ` });
    expectAnswer(res, 409, { detail: 'A merchant type with this name already exists' });
    expect(await list()).toEqual(before);
  });
});

describe('PUT /api/merchant-types/:id', () => {
  it('renames and changes the thumbnail', async () => {
    const type = await create({ name: uniqueName('Shop') });
    const { body: uploaded } = await upload();
    const name = uniqueName('Shopping');
    const res = await put(type.id, { id: type.id, name, thumbnail_url: uploaded.url });
    expectAnswer(res, 200, { id: type.id, name, thumbnail_url: uploaded.url });
    expect(await list()).toContainEqual(res.body);
  });

  it('keeps the thumbnail when thumbnail_url is absent and clears it when null', async () => {
    const { body: uploaded } = await upload();
    const type = await create({ name: uniqueName('Bar'), thumbnail_url: uploaded.url });
    const kept = await put(type.id, { name: type.name });
    expect(kept.body.thumbnail_url).toBe(uploaded.url);
    const cleared = await put(type.id, { name: type.name, thumbnail_url: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.thumbnail_url).toBeNull();
  });

  it('allows changing only the case of its own name', async () => {
    const type = await create({ name: uniqueName('pub') });
    const res = await put(type.id, { name: type.name.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe(type.name.toUpperCase());
  });

  it('refuses another type’s name with 409 and a blank name with 422', async () => {
    const a = await create({ name: uniqueName('Gym') });
    const b = await create({ name: uniqueName('Salon') });
    const dup = await put(b.id, { name: a.name.toLowerCase() });
    expectAnswer(dup, 409, { detail: 'A merchant type with this name already exists' });
    expectAnswer(await put(b.id, { name: ' ' }), 422, { detail: 'Please enter merchant type name' });
    expect(await list()).toContainEqual(b);
  });

  it('answers 404 for a missing type and 422 for a bad id', async () => {
    expectAnswer(await put(987654, { name: uniqueName('None') }), 404, { detail: 'Merchant type not found' });
    const bad = await put('abc', { name: uniqueName('None') });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toMatch(/id/);
  });
});

describe('DELETE /api/merchant-types/:id', () => {
  it('deletes an unused type (200)', async () => {
    const type = await create({ name: uniqueName('Kiosk') });
    expectAnswer(await remove(type.id), 200, { detail: 'Merchant type deleted successfully' });
    expect((await list()).map((t) => t.id)).not.toContain(type.id);
  });

  it('refuses a type a merchant uses (archived too) with 409 and keeps it', async () => {
    const used = await create({ name: uniqueName('Bakery') });
    await ctx.createMerchant({ merchantTypeId: used.id });
    const archived = await create({ name: uniqueName('Bakery') });
    await ctx.createMerchant({ merchantTypeId: archived.id, archivedAt: new Date() });
    for (const type of [used, archived]) {
      const res = await remove(type.id);
      expectAnswer(res, 409, { detail: 'This merchant type is used by merchants or hotels and cannot be deleted' });
      expect(await list()).toContainEqual(type);
    }
  });

  it('refuses a type a hotel selected for its manual offer selection with 409', async () => {
    const other = await create({ name: uniqueName('Tour') });
    const type = await create({ name: uniqueName('Boat') });
    await ctx.createHotel({ offerSelectionType: 'manual', selectedMerchantTypes: [other.id, type.id] });
    const res = await remove(type.id);
    expectAnswer(res, 409, { detail: 'This merchant type is used by merchants or hotels and cannot be deleted' });
    expect(await list()).toContainEqual(type);
  });

  it('answers 404 for a missing type', async () => {
    expectAnswer(await remove(987655), 404, { detail: 'Merchant type not found' });
  });
});

describe('POST /api/merchant-types/upload-thumbnail', () => {
  it('stores a PNG and answers its /uploads path (201), served at /api/files', async () => {
    const res = await upload();
    expectAnswer(res, 201, { url: expect.stringMatching(THUMB) });
    const file = await ctx.request('GET', `/api/files/${res.body.url.slice('/uploads/'.length)}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('Content-Type')).toBe('image/png');
  });

  it('refuses a file that is not an image by its content with 415, whatever its name', async () => {
    const fake = new File(['%PDF-1.4 not an image'], 'photo.png', { type: 'image/png' });
    const res = await upload(tokens.superadmin, fake);
    expectAnswer(res, 415, { detail: 'Only PNG, JPEG, WebP or GIF images are allowed' });
    const text = await upload(tokens.superadmin, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(text.status).toBe(415);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(new Uint8Array(await pngFile().arrayBuffer())); // a PNG header, so only the size is wrong
    const res = await upload(tokens.superadmin, new File([big], 'big.png', { type: 'image/png' }));
    expectAnswer(res, 413, { detail: 'File too large (maximum 5 MB)' });
  });

  it('refuses a request without a file with 422', async () => {
    const res = await ctx.request('POST', '/api/merchant-types/upload-thumbnail', {
      token: tokens.superadmin,
      body: new FormData(),
    });
    expect(res.status).toBe(422);
    expect(res.body.detail).toMatch(/file/);
  });
});

describe('who may change merchant types (docs/PRODUCT.md "Roles": settings are role superadmin only)', () => {
  const writes = (id: number) =>
    [
      ['POST', '/api/merchant-types', { name: uniqueName('Nope') }],
      ['PUT', `/api/merchant-types/${id}`, { name: uniqueName('Nope') }],
      ['DELETE', `/api/merchant-types/${id}`, undefined],
    ] as const;

  it('answers 401 to every write without a token', async () => {
    const type = await create({ name: uniqueName('Anon') });
    const before = await list();
    for (const [method, path, json] of writes(type.id)) {
      const res = await ctx.request(method, path, { json });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    expect((await upload('')).status).toBe(401);
    expect(await list()).toEqual(before);
  });

  it.each(['admin', 'manager', 'hotel', 'merchant'] as const)(
    'answers 403 to every write for a %s, who can still read',
    async (kind) => {
      const token = tokens[kind];
      const type = await create({ name: uniqueName('Locked') });
      const before = await list();
      for (const [method, path, json] of writes(type.id)) {
        expectDetail(await ctx.request(method, path, { token, json }), 403, `${kind} ${method} ${path}`);
      }
      const up = await upload(token);
      expect(up.status).toBe(403);
      expect((await ctx.request('GET', '/api/merchant-types', { token })).status).toBe(200);
      expect(await list()).toEqual(before);
    },
  );
});
