import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/platform/app';
import { APP_CSP } from '../../src/server/platform/static';
import { useTestContext } from '../support';

/**
 * The guest page's first screen (docs/DEVELOPING.md "Guest page first load"): /scan/<hotelId> answers the build's
 * scan.html, whose one inline script is allowed by its hash and nothing else (docs/SECURITY.md
 * "Content-Security-Policy"); every other page keeps index.html and the plain policy.
 */
const ctx = useTestContext();
let webDir: string;
let app: ReturnType<typeof createApp>;
const SCRIPT = 'document.getElementById("guest-first-screen").remove()';
const scriptHash = `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`;

beforeAll(async () => {
  webDir = await mkdtemp(join(tmpdir(), 'stayperks-web-'));
  await writeFile(join(webDir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  await writeFile(
    join(webDir, 'scan.html'),
    `<!doctype html><html><head><link rel="preload" as="fetch" crossorigin href="/api/offers?hotel_id=%HOTEL_ID%"><link rel="preload" as="fetch" crossorigin href="/api/config"></head><body><div id="guest-first-screen"><h2>Enter Your Details</h2></div><script>${SCRIPT}</script><div id="root"></div></body></html>`,
  );
  app = createApp({ ...ctx.deps, webDir });
});
afterAll(async () => {
  if (webDir) await rm(webDir, { recursive: true, force: true });
});

const scriptSources = (policy: string | null) =>
  policy
    ?.split(';')
    .map((directive) => directive.trim().split(/\s+/))
    .find(([name]) => name === 'script-src')
    ?.slice(1);

describe('the guest page', () => {
  it.each(['/scan/3f2b8c1e-0000-4000-8000-000000000000', '/scan/not-a-hotel/'])(
    '%s carries the first screen, its script allowed by hash only',
    async (path) => {
      const res = await app.request(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('Cache-Control')).toBe('no-cache');
      expect(await res.text()).toContain('Enter Your Details');
      const policy = res.headers.get('Content-Security-Policy');
      expect(scriptSources(policy)).toEqual(["'self'", "'wasm-unsafe-eval'", scriptHash]);
      // Apart from the hash, the app's policy as it is.
      expect(policy!.replace(` ${scriptHash}`, '')).toBe(APP_CSP);
      expect(policy).not.toContain('unsafe-inline');
    },
  );

  it('preloads its first reads for the hotel of the address, and none with a hotel id for a link without one', async () => {
    const hotelId = '3f2b8c1e-0000-4000-8000-000000000000';
    const page = await (await app.request(`/scan/${hotelId}`)).text();
    expect(page).toContain(`<link rel="preload" as="fetch" crossorigin href="/api/offers?hotel_id=${hotelId}">`);
    expect(page).toContain('href="/api/config"');
    expect(page).not.toContain('%HOTEL_ID%');
    const garbled = await (await app.request('/scan/%22%3E%3Cb%3E')).text();
    expect(garbled).not.toContain('/api/offers');
    expect(garbled).not.toContain('%HOTEL_ID%');
    expect(garbled).toContain('href="/api/config"');
    expect(garbled).toContain('Enter Your Details');
  });

  it.each(['/', '/scan', '/scan/a/b', '/login/superadmin'])(
    '%s has no first screen and no script hash',
    async (path) => {
      const res = await app.request(path);
      expect(res.status).toBe(200);
      expect(await res.text()).not.toContain('Enter Your Details');
      expect(res.headers.get('Content-Security-Policy')).toBe(APP_CSP);
    },
  );
});
