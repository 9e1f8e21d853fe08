import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { makeTilePng, saveDemoImage } from '../../src/server/demo/demo-images';
import { seedDemoData } from '../../src/server/demo/seed-demo';
import { useTestContext } from '../support';

/** Reads the chunks of a PNG file: enough to check what encodePng wrote. */
function readPng(bytes: Uint8Array) {
  const buf = Buffer.from(bytes);
  expect([...buf.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const chunks: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < buf.length;) {
    const length = buf.readUInt32BE(at);
    chunks.push({ type: buf.toString('ascii', at + 4, at + 8), data: buf.subarray(at + 8, at + 8 + length) });
    at += 12 + length;
  }
  const ihdr = chunks[0]!.data;
  const idat = Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data));
  return {
    types: chunks.map((c) => c.type),
    width: ihdr.readUInt32BE(0),
    height: ihdr.readUInt32BE(4),
    raw: inflateSync(idat),
  };
}

describe('demo images', () => {
  it('makes a valid RGB PNG of the asked size with the background at the corner and the shape in the middle', () => {
    const { types, width, height, raw } = readPng(
      makeTilePng({ width: 40, height: 30, background: '#ff0000', foreground: '#00ff00', shape: 'square' }),
    );
    expect(types).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect([width, height]).toEqual([40, 30]);
    expect(raw.length).toBe((40 * 3 + 1) * 30);
    const pixel = (x: number, y: number) => [...raw.subarray(y * 121 + 1 + x * 3, y * 121 + 4 + x * 3)];
    expect(pixel(0, 0)).toEqual([255, 0, 0]);
    expect(pixel(20, 15)).toEqual([0, 255, 0]);
  });

  it('refuses a bad colour', () => {
    expect(() => makeTilePng({ background: 'red' })).toThrow(/colour/);
  });
});

describe('demo data', () => {
  const ctx = useTestContext();

  it('stores an image like an upload and answers its /uploads path', async () => {
    const url = await saveDemoImage(ctx.deps.storage, 'hotels', { background: '#0e7490', shape: 'ring' });
    expect(url).toMatch(/^\/uploads\/hotels\/[0-9a-f-]{36}\.png$/);
    const res = await ctx.request('GET', `/api/files/${url.slice('/uploads/'.length)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/png');
  });

  it('gives every seeded merchant type a thumbnail that is served as a PNG', async () => {
    await seedDemoData(ctx.db, { timeZone: ctx.config.timeZone, storage: ctx.deps.storage });
    const types = (await ctx.request('GET', '/api/merchant-types')).body as {
      name: string;
      thumbnail_url: string | null;
    }[];
    expect(types.length).toBeGreaterThanOrEqual(6);
    for (const type of types) {
      expect(type.thumbnail_url, type.name).toMatch(/^\/uploads\/merchant_types\/[0-9a-f-]{36}\.png$/);
      const file = await ctx.app.request(`/api/files/${type.thumbnail_url!.slice('/uploads/'.length)}`);
      expect(file.status).toBe(200);
      expect(readPng(new Uint8Array(await file.arrayBuffer())).width).toBe(320);
    }
  });
});
