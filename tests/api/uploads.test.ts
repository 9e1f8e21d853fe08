import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../support';
import { PDF_BYTES, uploadForm } from '../support/hotel-factories';

/** Uploads are re-encoded (docs/SECURITY.md, Headers and files): only pixels are stored, never what rode along. */
const ctx = useTestContext();
let superadmin: string;

beforeAll(async () => {
  superadmin = await ctx.tokenAs('superadmin');
});

const bytes = (b: Buffer | Uint8Array) => new Uint8Array(b);

/** A `width`×`height` image of one colour (RGB, or RGBA with 4 channels), for sharp to encode: `.png()`, `.gif()`… */
const canvas = (width: number, height: number, background: string, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background } });

async function upload(path: string, data: Uint8Array, name: string, type: string) {
  return ctx.request('POST', path, { token: superadmin, body: uploadForm(data, name, type) });
}

/** The stored bytes of an answered `/uploads/...` path (public, or private with the super admin's token). */
async function stored(url: string): Promise<Buffer> {
  const res = await ctx.app.request(`/api/files/${url.slice('/uploads/'.length)}`, {
    headers: { Authorization: `Bearer ${superadmin}` },
  });
  expect(res.status, url).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

describe('image uploads are re-encoded', () => {
  it('drops a script appended to a PNG (polyglot) and keeps a valid PNG', async () => {
    const png = await canvas(20, 10, 'red').png().toBuffer();
    const polyglot = Buffer.concat([png, Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
    expect(polyglot.includes('<script>')).toBe(true);
    for (const path of [
      '/api/hotels/upload-logo',
      '/api/merchants/upload-image',
      '/api/merchant-types/upload-thumbnail',
      '/api/hotels/upload-contract',
    ]) {
      const res = await upload(path, bytes(polyglot), 'x.png', 'image/png');
      expect(res.status, path).toBe(201);
      expect(res.body.url, path).toMatch(/\.png$/);
      const out = await stored(res.body.url);
      expect(out.includes('<script'), path).toBe(false);
      expect(out.includes('<html'), path).toBe(false);
      const meta = await sharp(out).metadata();
      expect([meta.format, meta.width, meta.height], path).toEqual(['png', 20, 10]);
    }
  });

  it('removes EXIF with a GPS position from a JPEG and applies its orientation first', async () => {
    const jpeg = await canvas(40, 20, 'blue')
      .jpeg()
      .withExif({
        IFD0: { Make: 'SpyCam' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 0/1', GPSMapDatum: 'WGS-84-SECRET' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(jpeg).metadata();
    expect(before.exif?.includes('WGS-84-SECRET')).toBe(true);
    expect(before.orientation).toBe(6);

    const res = await upload('/api/merchants/upload-image', bytes(jpeg), 'photo.jpg', 'image/jpeg');
    expect(res.status).toBe(201);
    const out = await stored(res.body.url);
    const after = await sharp(out).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(out.includes('WGS-84-SECRET')).toBe(false);
    expect(out.includes('SpyCam')).toBe(false);
    // Rotated by its orientation tag: the stored pixels stand upright without the tag.
    expect([after.width, after.height, after.orientation]).toEqual([20, 40, undefined]);
  });

  it('scales a large image down to 2,000 px on its long side, keeping its format', async () => {
    const webp = await canvas(3000, 1200, 'white').webp().toBuffer();
    const res = await upload('/api/hotels/upload-logo', bytes(webp), 'big.webp', 'image/webp');
    expect(res.status).toBe(201);
    expect(res.body.url).toMatch(/\.webp$/);
    const meta = await sharp(await stored(res.body.url)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 2000, 800]);
  });

  it('keeps a GIF a GIF', async () => {
    const gif = await canvas(30, 30, 'green', 4).gif().toBuffer();
    const res = await upload('/api/hotels/upload-qrcode', bytes(gif), 'a.gif', 'image/gif');
    expect(res.status).toBe(201);
    expect((await sharp(await stored(res.body.url)).metadata()).format).toBe('gif');
  });

  it('refuses a file that starts like a PNG but is not one with 415', async () => {
    const png = await canvas(8, 8, 'red').png().toBuffer();
    const fake = Buffer.concat([png.subarray(0, 16), Buffer.from('<script>alert(1)</script>'.repeat(4))]);
    const res = await upload('/api/hotels/upload-logo', bytes(fake), 'fake.png', 'image/png');
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ detail: 'The image could not be read; upload a PNG, JPEG, WebP or GIF image' });
  });
});

describe('PDFs are for private documents only', () => {
  it.each([
    '/api/hotels/upload-logo',
    '/api/hotels/upload-qrcode',
    '/api/merchants/upload-image',
    '/api/merchant-types/upload-thumbnail',
  ])('refuses a PDF on the public image endpoint %s with 415', async (path) => {
    const res = await upload(path, PDF_BYTES, 'c.pdf', 'application/pdf');
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ detail: 'Only PNG, JPEG, WebP or GIF images are allowed' });
  });

  it('stores a whole PDF as a private document, unchanged', async () => {
    const res = await upload('/api/hotels/upload-contract', PDF_BYTES, 'c.pdf', 'application/pdf');
    expect(res.status).toBe(201);
    expect(res.body.url).toMatch(/^\/uploads\/private\/hotels\/[0-9a-f-]{36}\.pdf$/);
    expect(bytes(await stored(res.body.url))).toEqual(PDF_BYTES);
  });

  it('refuses a PDF without its trailer, or with bytes after it, with 415', async () => {
    const text = new TextDecoder().decode(PDF_BYTES);
    const cases = [
      text.replace('%%EOF\n', ''),
      `${text}<html><script>alert(1)</script></html>`,
      '%PDF-<html><script>alert(1)</script>',
    ];
    for (const body of cases) {
      const res = await upload(
        '/api/hotels/upload-contract',
        new TextEncoder().encode(body),
        'c.pdf',
        'application/pdf',
      );
      expect(res.status, body).toBe(415);
      expect(res.body).toEqual({ detail: 'The PDF file is damaged or incomplete' });
    }
  });

  it('refuses HTML on the private endpoint too', async () => {
    const res = await upload(
      '/api/hotels/upload-contract',
      new TextEncoder().encode('<html><script>alert(1)</script></html>'),
      'c.pdf',
      'application/pdf',
    );
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ detail: 'Only PNG, JPEG, WebP, GIF images or PDF files are allowed' });
  });
});
