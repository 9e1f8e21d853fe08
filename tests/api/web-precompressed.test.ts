import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/platform/app';
import { useTestContext } from '../support';

/** The build's Brotli copies (vite.config.ts, precompress) are sent in place of the file when the browser takes br. */
const ctx = useTestContext();
let webDir: string;
let app: ReturnType<typeof createApp>;
const script = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;

beforeAll(async () => {
  webDir = await mkdtemp(join(tmpdir(), 'stayperks-web-'));
  await mkdir(join(webDir, 'assets'));
  await writeFile(join(webDir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  await writeFile(join(webDir, 'assets', 'app-abc123.js'), script);
  await writeFile(join(webDir, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
  app = createApp({ ...ctx.deps, webDir });
});
afterAll(async () => {
  if (webDir) await rm(webDir, { recursive: true, force: true });
});

describe('precompressed web files', () => {
  it('sends the Brotli copy with its encoding, type and long caching when br is accepted', async () => {
    const res = await app.request('/assets/app-abc123.js', {
      headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Encoding')).toBe('br');
    expect(res.headers.get('Content-Type')).toContain('javascript');
    expect(res.headers.get('Vary')).toContain('Accept-Encoding');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(script);
  });

  it('falls back to gzip made per request, or the plain file, for browsers without br', async () => {
    const gzip = await app.request('/assets/app-abc123.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(script);
    const plain = await app.request('/assets/app-abc123.js');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });
});
