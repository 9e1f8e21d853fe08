import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildDerived } from '../../src/server/db/derived';
import { hotelDetailsAnswers } from '../../src/server/modules/reviews/hotel-details-answer';
import { API_CSP } from '../../src/server/platform/static';
import { createTestContext, type TestContext } from '../support';
import { archiveHotel, hotelAt, snapshotAt } from '../support/insight-factories';

/**
 * Hotel Details' kept answer (src/server/modules/reviews/hotel-details-answer.ts, docs/DATA.md "Review version"):
 * whatever it depends on changing gives a new answer and ETag at once; nothing else does.
 */
const TZ = 'Asia/Kolkata';
let t: TestContext;
let tokens: Record<'superadmin' | 'admin' | 'manager' | 'hotel' | 'merchant', string>;
let goaId: number;
let seaviewId: string;

beforeAll(async () => {
  t = await createTestContext();
  goaId = (await t.createLocation({ name: 'Goa' })).id;
  seaviewId = (await hotelAt(t.db, goaId, '2025-12-01T00:00:00Z', { name: 'Seaview', googlePlaceId: 'p1' })).id;
  await snapshotAt(t.db, seaviewId, '2026-03-15T03:30:00Z', 100, 4.2); // 15 Mar 09:00 IST
  await snapshotAt(t.db, seaviewId, '2026-03-15T05:30:00Z', 105, 4.3); // 15 Mar 11:00 IST
  const merchant = await t.createMerchant({ locationId: goaId });
  tokens = await t.tokensByRole({ hotelId: seaviewId, merchantId: merchant.id });
});
afterAll(async () => {
  await t?.close();
});

type Row = { hotel_id: string; hotel_name: string; total_reviews: number | null; reviews_today: number | null };
const details = (query = '?month=2026-03', headers: Record<string, string> = {}, token = tokens.admin) =>
  t.request('GET', `/api/reviews/hotel-details${query}`, { token, headers });
const seaview = (rows: Row[]) => rows.find((r) => r.hotel_id === seaviewId);

describe('GET /api/reviews/hotel-details: ETag and 304', () => {
  it('sends an ETag, private revalidation, and 304 with no body for a current copy', async () => {
    const first = await details();
    expect(first.status).toBe(200);
    const etag = first.headers.get('ETag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('Cache-Control')).toBe('private, no-cache');
    expect(first.headers.get('Vary')).toBe('Authorization, Accept-Encoding');
    expect(first.headers.get('Content-Security-Policy')).toBe(API_CSP);

    const again = await details('?month=2026-03', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('ETag')).toBe(etag);
    expect((await details('?month=2026-03', { 'If-None-Match': `W/"other", ${etag}` })).status).toBe(304);
    const stale = await details('?month=2026-03', { 'If-None-Match': 'W/"hd1-0-0-2000-01-01-x"' });
    expect(stale.status).toBe(200);
    expect(stale.body).toEqual(first.body);
  });

  it('gives another ETag for other filters, and the same to every back-office role (it shows no money)', async () => {
    const march = await details();
    const february = await details('?month=2026-02');
    const goa = await details(`?month=2026-03&location_id=${goaId}`);
    const search = await details('?month=2026-03&search=sea');
    const tags = [march, february, goa, search].map((r) => r.headers.get('ETag'));
    expect(new Set(tags).size).toBe(4);
    expect((await details('?month=2026-02', { 'If-None-Match': tags[0]! })).status).toBe(200);

    for (const token of [tokens.superadmin, tokens.manager]) {
      const res = await details('?month=2026-03', {}, token);
      expect(res.headers.get('ETag')).toBe(tags[0]);
      expect(res.body).toEqual(march.body);
    }
    for (const token of [tokens.hotel, tokens.merchant]) expect((await details('', {}, token)).status).toBe(403);
  });

  it('sends the kept bytes as Brotli, gzip or plain JSON, as the client takes them', async () => {
    const plain = await details();
    const raw = async (encoding: string) => {
      const res = await t.app.request('/api/reviews/hotel-details?month=2026-03', {
        headers: { Authorization: `Bearer ${tokens.admin}`, 'Accept-Encoding': encoding },
      });
      return { encoding: res.headers.get('Content-Encoding'), bytes: Buffer.from(await res.arrayBuffer()) };
    };
    const br = await raw('gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.bytes).toString())).toEqual(plain.body);
    const gzip = await raw('gzip;q=1, br;q=0.5');
    expect(gzip.encoding).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.bytes).toString())).toEqual(plain.body);
    const none = await raw('br;q=0, gzip;q=0');
    expect(none.encoding).toBeNull();
    expect(JSON.parse(none.bytes.toString())).toEqual(plain.body);
  });
});

describe('what changes the kept answer', () => {
  it('a new review snapshot: new figures and a new ETag at once', async () => {
    const before = await details();
    expect(seaview(before.body)!.total_reviews).toBe(105);
    await snapshotAt(t.db, seaviewId, '2026-03-20T05:30:00Z', 120, 4.4);
    const after = await details('?month=2026-03', { 'If-None-Match': before.headers.get('ETag')! });
    expect(after.status).toBe(200);
    expect(after.headers.get('ETag')).not.toBe(before.headers.get('ETag'));
    expect(seaview(after.body)!.total_reviews).toBe(120);
  });

  it('a snapshot deleted, and db:rebuild-derived, each give a new ETag', async () => {
    const before = await details();
    await t.db.execute(sql`delete from review_snapshots where hotel_id = ${seaviewId} and total_reviews = 120`);
    const deleted = await details();
    expect(deleted.headers.get('ETag')).not.toBe(before.headers.get('ETag'));
    expect(seaview(deleted.body)!.total_reviews).toBe(105);
    await rebuildDerived(t.db);
    const rebuilt = await details();
    expect(rebuilt.headers.get('ETag')).not.toBe(deleted.headers.get('ETag'));
    expect(rebuilt.body).toEqual(deleted.body);
  });

  it('a hotel added, renamed or archived: the list follows at once', async () => {
    const before = await details();
    const added = await hotelAt(t.db, goaId, '2026-01-01T00:00:00Z', { name: 'Anchor Bay' });
    const withNew = await details();
    expect(withNew.headers.get('ETag')).not.toBe(before.headers.get('ETag'));
    expect(withNew.body.map((r: Row) => r.hotel_name)).toEqual(['Anchor Bay', 'Seaview']);
    await t.db.execute(sql`update hotels set name = 'Zen Bay' where id = ${added.id}`);
    expect((await details()).body.map((r: Row) => r.hotel_name)).toEqual(['Seaview', 'Zen Bay']);
    await archiveHotel(t.db, added.id);
    const archived = await details();
    expect(archived.body.map((r: Row) => r.hotel_name)).toEqual(['Seaview']);
    expect(archived.headers.get('ETag')).not.toBe(withNew.headers.get('ETag'));
  });

  it('a database that lost the review_version row (a load that emptied every table) gets it back', async () => {
    await t.db.execute(sql`delete from review_version`);
    const res = await details();
    expect(res.status).toBe(200);
    const before = res.headers.get('ETag');
    await snapshotAt(t.db, seaviewId, '2026-03-21T05:30:00Z', 130, 4.5);
    const after = await details();
    expect(after.headers.get('ETag')).not.toBe(before);
    expect(seaview(after.body)!.total_reviews).toBe(130);
    await t.db.execute(sql`delete from review_snapshots where hotel_id = ${seaviewId} and total_reviews = 130`);
  });

  it('the business day turning: Reviews Today starts again from 0 (IST midnight, not UTC)', async () => {
    const answers = hotelDetailsAnswers(t.db, TZ);
    const parse = (json: Uint8Array) => JSON.parse(Buffer.from(json).toString()) as Row[];
    const lateOn15 = new Date('2026-03-15T18:00:00Z'); // 15 Mar 23:30 IST
    const earlyOn16 = new Date('2026-03-15T18:45:00Z'); // 16 Mar 00:15 IST, still the 15th in UTC
    const [one, two] = await Promise.all([answers.answer({}, lateOn15), answers.answer({}, lateOn15)]);
    expect(two).toBe(one); // one read for requests that miss together, then kept
    expect(await answers.answer({}, lateOn15)).toBe(one);
    expect(seaview(parse(one.json))!.reviews_today).toBe(5);
    const next = await answers.answer({}, earlyOn16);
    expect(next.etag).not.toBe(one.etag);
    expect(seaview(parse(next.json))!.reviews_today).toBe(0);
  });
});
