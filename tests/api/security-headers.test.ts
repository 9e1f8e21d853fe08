import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/platform/app';
import { useTestContext } from '../support';
import { PNG_BYTES, uploadForm } from '../support/hotel-factories';
import { insertCouponFor, insertOffer } from '../support/offer-factories';

/** Content-Security-Policy and caching of every HTML answer and of files (docs/SECURITY.md, Headers and files). */
const ctx = useTestContext();
let webDir: string;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  // A stand-in web build: what the server does with it does not depend on its content.
  webDir = await mkdtemp(join(tmpdir(), 'stayperks-web-'));
  await mkdir(join(webDir, 'assets'));
  await writeFile(
    join(webDir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  await writeFile(join(webDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  await writeFile(join(webDir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  app = createApp({ ...ctx.deps, webDir });
});
afterAll(async () => {
  if (webDir) await rm(webDir, { recursive: true, force: true });
});

/** The policy as a map of directive → sources. */
function directives(policy: string | null): Map<string, string[]> {
  expect(policy).toBeTruthy();
  return new Map(
    policy!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('HTML answers', () => {
  it.each([
    '/',
    '/index.html',
    '/login/superadmin',
    '/superadmin/hotels',
    '/scan/3f2b8c1e-0000-4000-8000-000000000000',
    '/merchant/dashboard/deep/route?x=1',
  ])('%s has the app policy and is never cached', async (path) => {
    const res = await app.request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
    const csp = directives(res.headers.get('Content-Security-Policy'));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('worker-src')).toEqual(["'self'"]);
    expect(csp.get('manifest-src')).toEqual(["'self'"]);
    for (const sources of csp.values()) {
      expect(sources).not.toContain("'unsafe-inline'");
      expect(sources).not.toContain("'unsafe-eval'");
      expect(sources).not.toContain('*');
    }
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });

  it('keeps long immutable caching for hashed assets and revalidates the service worker', async () => {
    const asset = await app.request('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const sw = await app.request('/sw.js');
    expect(sw.headers.get('Cache-Control')).toBe('no-cache');
  });
});

describe('/api answers are never pages', () => {
  it('public files: sandboxed, not sniffed, cached as immutable', async () => {
    const token = await ctx.tokenAs('superadmin');
    const uploaded = await ctx.request('POST', '/api/hotels/upload-logo', {
      token,
      body: uploadForm(PNG_BYTES, 'logo.png', 'image/png'),
    });
    expect(uploaded.status).toBe(201);
    const res = await app.request(`/api/files/${uploaded.body.url.slice('/uploads/'.length)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/png');
    expect(res.headers.get('Content-Security-Policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
  });

  it('the voucher PDF is sandboxed', async () => {
    const { coupon } = await insertCouponFor(ctx.db, await insertOffer(ctx.db));
    const res = await app.request(`/api/coupons/${coupon.id}/download`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
    expect(res.headers.get('Content-Security-Policy')).toBe("default-src 'none'; sandbox");
  });

  it('JSON answers and errors carry the same policy, never the app one', async () => {
    for (const path of [
      '/api/health',
      '/api/no-such-route',
      '/api/files/private/hotels/00000000-0000-4000-8000-000000000000.pdf',
    ]) {
      const res = await app.request(path);
      expect(res.headers.get('Content-Security-Policy'), path).toBe("default-src 'none'; sandbox");
      expect(res.headers.get('Content-Type'), path).toMatch(/^application\/json/);
    }
  });
});

/** One request over HTTP: its status, headers and body. */
function send(
  port: number,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string[] } = {},
) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>(
    (resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, path, method: init.method ?? 'GET', headers: init.headers, agent: false },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
        },
      );
      req.on('error', reject);
      for (const part of init.body ?? []) req.write(part);
      req.end();
    },
  );
}

// Served as in production (@hono/node-server), where headers added after the handler are set on its answer in
// place and a body's limit is judged by its Content-Length (middleware/answer-header.ts, body-limit.ts).
describe('over HTTP', () => {
  let server: ReturnType<typeof serve>;
  let port: number;
  beforeAll(async () => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((done) => server.once('listening', done));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((done) => server.close(done)));

  it('a JSON answer keeps every header the middleware adds after its handler', async () => {
    for (const path of ['/api/health', '/api/no-such-route']) {
      const res = await send(port, path, { headers: { 'x-request-id': 'probe-1' } });
      expect(res.headers['x-request-id'], path).toBe('probe-1');
      expect(res.headers['content-security-policy'], path).toBe("default-src 'none'; sandbox");
      expect(res.headers['cache-control'], path).toBe('no-store');
      expect(res.headers['vary'], path).toBe('Accept-Encoding');
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
      expect(res.headers['strict-transport-security'], path).toBeUndefined();
      expect(res.headers['content-type'], path).toMatch(/^application\/json/);
      expect(JSON.parse(res.body), path).toBeTruthy();
    }
    const https = await send(port, '/api/health', { headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a body over the limit is a 413 whether its length is declared or streamed; one under it is read', async () => {
    const json = { 'content-type': 'application/json' };
    const declared = await send(port, '/api/auth/login', {
      method: 'POST',
      headers: { ...json, 'content-length': String(6 * 1024 * 1024 + 1) },
    });
    expect(declared.status, declared.body).toBe(413);
    const chunk = 'x'.repeat(1024 * 1024);
    const streamed = await send(port, '/api/auth/login', {
      method: 'POST',
      headers: { ...json, 'transfer-encoding': 'chunked' },
      body: ['{"username":"', ...Array<string>(7).fill(chunk), '"}'],
    });
    expect(streamed.status, streamed.body).toBe(413);
    expect(JSON.parse(streamed.body)).toEqual({ detail: 'File too large (maximum 5 MB)' });
    const small = await send(port, '/api/auth/login', {
      method: 'POST',
      headers: json,
      body: [JSON.stringify({ username: 'nobody-here', password: 'wrong-password-1' })],
    });
    expect(small.status).toBe(401);
  });
});
