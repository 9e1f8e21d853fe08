import type { VitePWAOptions } from 'vite-plugin-pwa';

type RuntimeCaching = NonNullable<NonNullable<VitePWAOptions['workbox']>['runtimeCaching']>[number];

/**
 * Service worker caching for API calls (DESIGN §6). Cache names start with "api-" so logout can delete them.
 * Writes are never cached (only GET routes are matched here).
 */
export const runtimeCaching: RuntimeCaching[] = [
  {
    // What a guest browses: the hotel, its offers and merchant types. Fast from cache, refreshed behind.
    // Only calls without a login: the back office reads the same URLs (All Offers, merchant types) and must see
    // its own writes at once, and an admin's answer (every offer) must never be served to a guest.
    urlPattern: ({ url, request }) =>
      request.method === 'GET' &&
      !request.headers.has('Authorization') &&
      /^\/api\/(hotels\/[0-9a-f-]{36}$|offers$|merchant-types$|config$)/.test(url.pathname),
    handler: 'StaleWhileRevalidate',
    options: {
      cacheName: 'api-guest',
      expiration: { maxEntries: 60, maxAgeSeconds: 7 * 24 * 3600 },
      cacheableResponse: { statuses: [200] },
    },
  },
  {
    // Signed-in screens that should still show their last data offline.
    urlPattern: ({ url, request }) =>
      request.method === 'GET' &&
      /^\/api\/(merchant\/(dashboard|my-offers|my-customers|redemptions)|contact-us)$/.test(url.pathname),
    handler: 'NetworkFirst',
    options: {
      cacheName: 'api-signed-in',
      networkTimeoutSeconds: 3,
      expiration: { maxEntries: 30, maxAgeSeconds: 3 * 24 * 3600 },
      cacheableResponse: { statuses: [200] },
    },
  },
  {
    // The counter scanner's ZXing WASM (docs/COUNTER.md): fetched by the merchant dashboard in idle time and kept,
    // so the scanner starts offline; its name carries a content hash, so cache first is safe.
    urlPattern: ({ url, request }) => request.method === 'GET' && url.pathname.endsWith('.wasm'),
    handler: 'CacheFirst',
    options: {
      cacheName: 'scanner-wasm',
      expiration: { maxEntries: 2 },
      cacheableResponse: { statuses: [200] },
    },
  },
  {
    // A guest language's catalogue (src/web/features/guest/i18n), not precached: kept once the page has loaded it,
    // so that language opens offline too. Hashed names, so cache first is safe.
    urlPattern: ({ url, request }) => request.method === 'GET' && /^\/assets\/catalogue-[\w-]+\.js$/.test(url.pathname),
    handler: 'CacheFirst',
    options: {
      cacheName: 'guest-languages',
      expiration: { maxEntries: 8, maxAgeSeconds: 365 * 24 * 3600 },
      cacheableResponse: { statuses: [200] },
    },
  },
  {
    // The script fonts (src/web/fonts/scripts.css), not precached: kept once a page has used one, so Hindi draws
    // offline too. Hashed names, so cache first is safe; the next build's file replaces an old one in time.
    urlPattern: ({ url, request }) =>
      request.method === 'GET' && url.pathname.startsWith('/assets/') && url.pathname.endsWith('.woff2'),
    handler: 'CacheFirst',
    options: {
      cacheName: 'fonts',
      expiration: { maxEntries: 16, maxAgeSeconds: 365 * 24 * 3600 },
      cacheableResponse: { statuses: [200] },
    },
  },
  {
    // Uploaded images never change (random names): cache first. Private documents are never kept on the device.
    urlPattern: ({ url, request }) =>
      request.method === 'GET' &&
      url.pathname.startsWith('/api/files/') &&
      !url.pathname.startsWith('/api/files/private/'),
    handler: 'CacheFirst',
    options: {
      cacheName: 'api-files',
      expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 },
      cacheableResponse: { statuses: [200] },
    },
  },
];
