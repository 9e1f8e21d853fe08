import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from './context';

/**
 * The web app's Content-Security-Policy (docs/SECURITY.md, Headers and files): only our own scripts, styles,
 * workers and API; images also from data: and blob: (QR codes, voucher PNGs, private previews). No inline script
 * or style block (style attributes set from script are CSSOM and allowed). 'wasm-unsafe-eval' runs a self-hosted
 * WASM decoder (camera scanning), never JavaScript eval.
 */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/** Every /api answer (JSON, uploaded files, voucher PDFs): not a page, so nothing may load or run in it. */
export const API_CSP = "default-src 'none'; sandbox";

/**
 * Serves the built PWA: hashed assets cached for a year, the service worker and every HTML answer never cached,
 * and every other non-API GET answered with index.html so client routes work on reload. Every HTML answer (the
 * site root, /index.html, the fallback) carries APP_CSP.
 */
export function mountWebApp(app: Hono<AppEnv>, webDir: string): void {
  const indexFile = join(webDir, 'index.html');
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('*', async (c, next) => {
    await next();
    if (c.req.path.startsWith('/api/')) return;
    const path = c.req.path;
    if (c.res.headers.get('Content-Type')?.startsWith('text/html')) {
      c.header('Content-Security-Policy', APP_CSP);
      c.header('Cache-Control', 'no-cache');
    } else if (path === '/sw.js' || path.startsWith('/workbox-') || path.endsWith('.webmanifest')) {
      c.header('Cache-Control', 'no-cache');
    }
  });
  // The build writes a Brotli copy of each text file (vite.config.ts, precompress): sent as is when accepted.
  app.use('*', serveStatic({ root: webDir, precompressed: true }));
  app.get('*', async (c) => {
    if (c.req.path.startsWith('/api')) return c.notFound();
    if (!existsSync(indexFile)) return c.text('The web app is not built. Run npm run build.', 503);
    return c.html(await readFile(indexFile, 'utf8'));
  });
}
