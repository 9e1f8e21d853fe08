import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../support';
import { uploadForm } from '../support/hotel-factories';
import { insertOffer } from '../support/offer-factories';

/**
 * Offer-card thumbnails (docs/PRODUCT.md "API fields", modules/files/thumbnails.ts): the guest list names one per
 * card, and the server makes it once from the stored image, into the same file storage (disk with PGlite, the
 * database with PostgreSQL), so any server serves it after.
 */
const ctx = useTestContext();
let superadmin: string;
let hotelId: string;
/** Stored paths of two uploaded offer images and of an uploaded merchant-type thumbnail. */
let photo: string;
let secondPhoto: string;
let typeThumbnail: string;
const ids: Record<'withImages' | 'typeOnly' | 'remoteType', string> = { withImages: '', typeOnly: '', remoteType: '' };

const image = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer()
    .then((b) => new Uint8Array(b));

async function upload(path: string, bytes: Uint8Array): Promise<string> {
  const res = await ctx.request('POST', path, { token: superadmin, body: uploadForm(bytes, 'x.png', 'image/png') });
  expect(res.status).toBe(201);
  return res.body.url as string;
}

const apiPath = (stored: string) => `/api/files/${stored.slice('/uploads/'.length)}`;
const thumbnailOf = (stored: string) => stored.replace('/uploads/', '/uploads/thumbnails/');
const nameOf = (stored: string) => stored.split('/').pop()!;
/** Bytes as one type (the disk storage reads a Buffer, the database a Uint8Array). */
const buffer = (bytes: Uint8Array | undefined) => (bytes ? Buffer.from(bytes) : bytes);

beforeAll(async () => {
  superadmin = await ctx.tokenAs('superadmin');
  [photo, secondPhoto, typeThumbnail] = await Promise.all([
    upload('/api/merchants/upload-image', await image(400, 200, 'red')),
    upload('/api/merchants/upload-image', await image(50, 50, 'blue')),
    upload('/api/merchant-types/upload-thumbnail', await image(100, 300, 'green')),
  ]);
  const location = await ctx.createLocation();
  hotelId = (await ctx.createHotel({ locationId: location.id })).id;
  const uploadedType = await ctx.createMerchantType({ thumbnailUrl: typeThumbnail });
  const remoteType = await ctx.createMerchantType({ thumbnailUrl: 'https://example.com/spa.png' });
  const merchant = await ctx.createMerchant({ locationId: location.id, merchantTypeId: uploadedType.id });
  const remoteMerchant = await ctx.createMerchant({ locationId: location.id, merchantTypeId: remoteType.id });
  ids.withImages = (await insertOffer(ctx.db, { merchantId: merchant.id, images: [photo, secondPhoto] })).id;
  ids.typeOnly = (await insertOffer(ctx.db, { merchantId: merchant.id, images: [] })).id;
  ids.remoteType = (await insertOffer(ctx.db, { merchantId: remoteMerchant.id, images: [] })).id;
});

describe('GET /api/offers?hotel_id= names each card thumbnail_url', () => {
  it("is the offer's first image, else its merchant type's uploaded thumbnail, else null", async () => {
    const res = await ctx.request('GET', `/api/offers?hotel_id=${hotelId}`);
    expect(res.status).toBe(200);
    const thumbnails = Object.fromEntries(
      res.body.map((card: { id: string; thumbnail_url: string | null }) => [card.id, card.thumbnail_url]),
    );
    expect(thumbnails).toEqual({
      [ids.withImages]: thumbnailOf(photo),
      [ids.typeOnly]: thumbnailOf(typeThumbnail),
      // An address elsewhere is not fetched by the server: the card shows its placeholder.
      [ids.remoteType]: null,
    });
  });
});

describe('GET /api/files/thumbnails/<folder>/<file>', () => {
  it('answers a 144 px square WebP of the image, cached for a year, and keeps it in the file storage', async () => {
    const res = await ctx.app.request(apiPath(thumbnailOf(photo)));
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/webp');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    const bytes = Buffer.from(await res.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 144, 144]);
    // The middle of the 400×200 red image: red.
    const { dominant } = await sharp(bytes).stats();
    expect(dominant.r).toBeGreaterThan(200);
    expect(dominant.g + dominant.b).toBeLessThan(60);

    expect(buffer(await ctx.deps.storage.read('thumbnails/merchants', nameOf(photo)))).toEqual(bytes);
    const again = await ctx.app.request(apiPath(thumbnailOf(photo)));
    expect(Buffer.from(await again.arrayBuffer())).toEqual(bytes);
  });

  it('serves a thumbnail another server stored, without making it again', async () => {
    const madeElsewhere = await sharp({ create: { width: 144, height: 144, channels: 3, background: 'white' } })
      .webp()
      .toBuffer();
    await ctx.deps.storage.save('thumbnails/merchants', nameOf(secondPhoto), new Uint8Array(madeElsewhere));
    const res = await ctx.app.request(apiPath(thumbnailOf(secondPhoto)));
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(madeElsewhere);
  });

  it('makes a merchant-type thumbnail once for requests that arrive together', async () => {
    const answers = await Promise.all(
      Array.from({ length: 4 }, async () => ctx.app.request(apiPath(thumbnailOf(typeThumbnail)))),
    );
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    const bodies = await Promise.all(answers.map(async (res) => Buffer.from(await res.arrayBuffer())));
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    expect(buffer(await ctx.deps.storage.read('thumbnails/merchant_types', nameOf(typeThumbnail)))).toEqual(bodies[0]);
  });

  it('answers 404 for an image that does not exist and 422 for another folder or name', async () => {
    const missing = await ctx.request(
      'GET',
      '/api/files/thumbnails/merchants/00000000-0000-4000-8000-000000000000.png',
    );
    expect([missing.status, missing.body]).toEqual([404, { detail: 'File not found' }]);
    expect(await ctx.deps.storage.read('thumbnails/merchants', '00000000-0000-4000-8000-000000000000.png')).toBe(
      undefined,
    );
    const logo = await upload('/api/hotels/upload-logo', await image(10, 10, 'red'));
    const hotels = await ctx.request('GET', `/api/files/thumbnails/hotels/${nameOf(logo)}`);
    expect([hotels.status, hotels.body]).toEqual([422, { detail: 'Unknown folder' }]);
    const bad = await ctx.request('GET', '/api/files/thumbnails/merchants/..%2F..%2Fetc%2Fpasswd');
    expect([bad.status, bad.body]).toEqual([422, { detail: 'Unknown file' }]);
  });
});
