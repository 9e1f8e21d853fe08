import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the e2e fake Places API answers for every place id (Hotel Details refresh shows these numbers). */
export const E2E_PLACE = { rating: 4.6, userRatingCount: 1342 } as const;
export const E2E_PLACES_API_KEY = 'e2e-places-key';

/**
 * A stand-in for Google Places API (New) for the end-to-end server: GET /v1/places/{id} with the right key
 * answers E2E_PLACE; anything else answers Google's error shape.
 */
export async function startFakePlaces() {
  const server = createServer((req, res) => {
    const ok =
      req.method === 'GET' &&
      /^\/v1\/places\/[^/]+$/.test(req.url ?? '') &&
      req.headers['x-goog-api-key'] === E2E_PLACES_API_KEY;
    res.writeHead(ok ? 200 : 404, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(ok ? E2E_PLACE : { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
