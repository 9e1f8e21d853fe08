import { afterAll, beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type {
  Hotel,
  Location,
  Offer,
  OfferWithResults,
  PublicHotel,
  AuditEvent,
  GuestOfferCard,
} from '../../src/shared/api-types';
import { api, ApiError } from '../../src/web/lib/api';
import { saveRecord } from '../../src/web/lib/list-queries';
import { useRoleTokens, useTestContext } from '../support';

/**
 * The web's client (src/web/lib/api.ts) against the real app: a call names a route's pattern, its parameters are
 * filled in and encoded, the query and body go as the route takes them, guest calls send no token, and the answer
 * is the route's (JSON as its presenter's type, anything else a Blob). The types are checked by `npm run typecheck`
 * (docs/DEVELOPING.md "Typed API calls"); the calls by running them.
 */

const ctx = useTestContext();
const tokens = useRoleTokens(ctx);

/** What the client sent, newest last. */
const sent: Request[] = [];
const stored = new Map<string, string>();

beforeAll(() => {
  // The browser's pieces the client uses: relative URLs resolve against the page, fetch reaches this app, and the
  // session's token is in localStorage.
  const origin = 'http://stayperks.test';
  vi.stubGlobal(
    'Request',
    class extends Request {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, origin) : input, init);
      }
    },
  );
  vi.stubGlobal('fetch', (request: Request) => {
    sent.push(request);
    return ctx.app.request(request);
  });
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
    removeItem: (key: string) => stored.delete(key),
  });
  stored.set('token', tokens.superadmin);
});

afterAll(() => {
  vi.unstubAllGlobals();
});

const last = () => sent[sent.length - 1]!;

describe('the web client (src/web/lib/api.ts)', () => {
  it('sends the body and the filled path, with the token, and answers the route type', async () => {
    const created = await api.post('/locations', { json: { name: 'Client Town' } });
    expectTypeOf(created).toEqualTypeOf<Location>();
    expect(created).toEqual({ id: expect.any(Number), name: 'Client Town', default_language: 'en' });
    expect(last().headers.get('Authorization')).toBe(`Bearer ${tokens.superadmin}`);

    const renamed = await api.put('/locations/:id', { param: { id: created.id }, json: { name: 'Client City' } });
    expect(new URL(last().url).pathname).toBe(`/api/locations/${created.id}`);
    expect(renamed).toEqual({ id: created.id, name: 'Client City', default_language: 'en' });

    const all = await api.get('/locations');
    expectTypeOf(all).toEqualTypeOf<Location[]>();
    expect(all).toContainEqual(renamed);

    const removed = await api.delete('/locations/:id', { param: { id: created.id } });
    expectTypeOf(removed).toEqualTypeOf<{ detail: string }>();
    expect(removed).toEqual({ detail: 'Location deleted successfully' });
  });

  it('saves a record with POST, then with PUT to its id (saveRecord)', async () => {
    const created = await saveRecord('/locations', undefined, { name: 'Saved Town' });
    expect(last().method).toBe('POST');
    const edited = await saveRecord('/locations', created.id, { name: 'Saved City' });
    expect([last().method, new URL(last().url).pathname]).toEqual(['PUT', `/api/locations/${created.id}`]);
    expectTypeOf(edited).toEqualTypeOf<Location>();
    expect(edited).toEqual({ id: created.id, name: 'Saved City', default_language: 'en' });
  });

  it('throws ApiError with the server detail', async () => {
    const failure = api.delete('/locations/:id', { param: { id: 2_000_000_000 } });
    await expect(failure).rejects.toEqual(new ApiError(404, 'Location not found'));
  });

  it('encodes path parameters', async () => {
    const hotel = await ctx.createHotel();
    const check = api.guest.get('/customer-scans/check/:hotelId/:mobile', {
      param: { hotelId: hotel.id, mobile: '98 76/5' },
    });
    await expect(check).rejects.toBeInstanceOf(ApiError);
    expect(new URL(last().url).pathname).toBe(`/api/customer-scans/check/${hotel.id}/98%2076%2F5`);
  });

  it("gives guest calls the guest's shape without a token, and the back office the whole record", async () => {
    const hotel = await ctx.createHotel();
    const shown = await api.guest.get('/hotels/:id', { param: { id: hotel.id } });
    expectTypeOf(shown).toEqualTypeOf<PublicHotel>();
    expect(last().headers.has('Authorization')).toBe(false);
    expect(shown).toMatchObject({ id: hotel.id });
    expect(shown).not.toHaveProperty('address');

    const whole = await api.get('/hotels/:id', { param: { id: hotel.id } });
    expectTypeOf(whole).toEqualTypeOf<Hotel>();
    expect(whole).toHaveProperty('address');

    const cards = await api.guest.get('/offers', { query: { hotel_id: hotel.id } });
    expectTypeOf(cards).toEqualTypeOf<GuestOfferCard[]>();
    expect(cards).toEqual([]);
    expectTypeOf(api.get('/offers')).resolves.toEqualTypeOf<OfferWithResults[] | Offer[]>();
  });

  it('reads a paged list with its cursor', async () => {
    await api.post('/locations', { json: { name: 'Paged Town' } });
    await api.post('/locations', { json: { name: 'Paged City' } });
    const page = await api.getPage('/audit-events', { query: { limit: 1 } });
    expectTypeOf(page.rows).items.toHaveProperty('action').toEqualTypeOf<AuditEvent['action']>();
    expect(page.rows).toHaveLength(1);
    expect(page.nextCursor).toEqual(expect.any(String));
    expect(new URL(last().url).searchParams.get('limit')).toBe('1');
  });

  it('answers a file (CSV, PDF, PNG) as a Blob', async () => {
    const csv = await api.get('/hotels/export');
    expectTypeOf(csv).toEqualTypeOf<Blob>();
    expect(csv).toBeInstanceOf(Blob);
    expect((await csv.text()).split('\r\n')[0]).toContain('Hotel');
  });

  it('takes only what the routes take (checked by npm run typecheck)', () => {
    // Never called: each line must fail the typecheck (tsc reports an unused @ts-expect-error).
    const refused = () => [
      // @ts-expect-error: no type argument for the answer, it is the route's
      api.get<Location[]>('/locations'),
      // @ts-expect-error: a path no route has
      api.get('/location'),
      // @ts-expect-error: GET /locations/:id is not a route (PUT and DELETE are)
      api.get('/locations/:id', { param: { id: 1 } }),
      // @ts-expect-error: the path parameter is required
      api.put('/locations/:id', { json: { name: 'x' } }),
      // @ts-expect-error: a field the route's schema does not have
      api.post('/locations', { json: { title: 'x' } }),
      // @ts-expect-error: the body is required
      api.post('/locations'),
    ];
    expect(typeof refused).toBe('function');
  });
});
