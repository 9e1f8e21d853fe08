import { createHash } from 'node:crypto';
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
export const appCsp = (scriptHashes: readonly string[] = []) =>
  [
    "default-src 'self'",
    ["script-src 'self' 'wasm-unsafe-eval'", ...scriptHashes].join(' '),
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
export const APP_CSP = appCsp();

/** The hashes ('sha256-…') of a page's inline scripts (`<script>` without attributes), for its policy. */
export const inlineScriptHashes = (html: string) =>
  [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => `'sha256-${createHash('sha256').update(body!).digest('base64')}'`,
  );

/** The guest page (one path segment, the hotel id), which gets the build's scan.html when there is one. */
const GUEST_PAGE = /^\/scan\/([^/]+)\/?$/;
const HOTEL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * scan.html's slot for the hotel id (src/web/features/guest/first-screen-markup.tsx `HOTEL_ID_SLOT`): the preloads of
 * the page's first reads name the hotel of the address; a link that names no hotel id gets none (its app asks
 * nothing either).
 */
const HOTEL_ID_SLOT = '%HOTEL_ID%';
export function guestPageHtml(html: string, hotelId: string): string {
  return HOTEL_ID.test(hotelId)
    ? html.replaceAll(HOTEL_ID_SLOT, hotelId)
    : html.replace(new RegExp(`<link [^>]*${HOTEL_ID_SLOT}[^>]*>`, 'g'), '');
}

/** Every /api answer (JSON, uploaded files, voucher PDFs): not a page, so nothing may load or run in it. */
export const API_CSP = "default-src 'none'; sandbox";

/**
 * Serves the built PWA: hashed assets cached for a year, the service worker and every HTML answer never cached,
 * and every other non-API GET answered with index.html so client routes work on reload. Every HTML answer (the
 * site root, /index.html, the fallback) carries APP_CSP; the guest page's scan.html adds its inline script's hash.
 */
export function mountWebApp(app: Hono<AppEnv>, webDir: string): void {
  const indexFile = join(webDir, 'index.html');
  const guestFile = join(webDir, 'scan.html');
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('*', async (c, next) => {
    await next();
    if (c.req.path.startsWith('/api/')) return;
    const path = c.req.path;
    if (c.res.headers.get('Content-Type')?.startsWith('text/html')) {
      // The guest page sets its own: APP_CSP with its first screen's script hash.
      if (!c.res.headers.has('Content-Security-Policy')) c.header('Content-Security-Policy', APP_CSP);
      c.header('Cache-Control', 'no-cache');
    } else if (path === '/sw.js' || path.startsWith('/workbox-') || path.endsWith('.webmanifest')) {
      c.header('Cache-Control', 'no-cache');
    }
  });
  // The build writes a Brotli copy of each text file (vite.config.ts, precompress): sent as is when accepted.
  app.use('*', serveStatic({ root: webDir, precompressed: true }));
  app.get('*', async (c) => {
    if (c.req.path.startsWith('/api')) return c.notFound();
    // The guest page carries its first screen (vite.config.ts guestFirstScreen, docs/DEVELOPING.md "Guest page first
    // load"), with a one-line inline script allowed by its hash, and no other.
    const guestPage = GUEST_PAGE.exec(c.req.path);
    if (guestPage && existsSync(guestFile)) {
      const html = guestPageHtml(await readFile(guestFile, 'utf8'), guestPage[1]!);
      c.header('Content-Security-Policy', appCsp(inlineScriptHashes(html)));
      return c.html(html);
    }
    if (!existsSync(indexFile)) return c.text('The web app is not built. Run npm run build.', 503);
    return c.html(await readFile(indexFile, 'utf8'));
  });
}
