import { beforeAll, describe, expect, it } from 'vitest';
import { customerScans } from '../support/tables';
import { useTestContext } from '../support';
import { hotelAt, merchantAt, offerOf, scanAt, type ScanSeed } from '../support/insight-factories';

/**
 * GET /api/customer-scans: five named scans in Goa and Jaipur with IST day edges, plus 60 bulk scans in
 * January 2026 for paging. Instants are UTC; comments give the IST time.
 */
const ctx = useTestContext();
let tokens: Record<'superadmin' | 'admin' | 'manager' | 'hotel' | 'merchant', string>;
const ids: Record<string, string> = {};
let goaId: number;
let jaipurId: number;
const BULK = 60;
const TOTAL = BULK + 5;

beforeAll(async () => {
  const db = ctx.db;
  const goa = await ctx.createLocation({ name: 'Goa' });
  const jaipur = await ctx.createLocation({ name: 'Jaipur' });
  goaId = goa.id;
  jaipurId = jaipur.id;
  const ha = await hotelAt(db, goa.id, '2025-12-01T00:00:00Z', { name: 'Seaview Resort' });
  const hb = await hotelAt(db, goa.id, '2025-12-01T00:00:00Z', { name: 'Palm Grove Inn' });
  const hc = await hotelAt(db, jaipur.id, '2025-12-01T00:00:00Z', { name: 'Pink City Palace' });
  const ma = await merchantAt(db, goa.id, '2025-12-01T00:00:00Z', { name: 'Spice Garden' });
  const mb = await merchantAt(db, jaipur.id, '2025-12-01T00:00:00Z', { name: 'Raj Thali House' });
  const oa = await offerOf(db, ma.id, { offerName: '20% off on dinner' });
  const ob = await offerOf(db, mb.id, { offerName: 'Royal thali 20% off' });
  Object.assign(ids, { ha: ha.id, hb: hb.id, hc: hc.id, ma: ma.id, mb: mb.id });

  /** A named guest's scan: the hotel, name, mobile and scan instant (UTC), then what else the guest has. */
  const guest = (hotelId: string, name: string, mobile: string, at: string, more: Partial<ScanSeed> = {}) =>
    scanAt(db, { hotelId, customerName: name, mobile, scanDate: at, ...more });
  const s1 = await guest(ha.id, 'Priya Sharma', '9876543210', '2026-03-01T03:30:00Z', {
    checkoutDate: '2026-03-03', // 1 Mar 09:00
    coupons: [{ offer: oa, redeemed: true }, { offer: ob }],
  });
  const s2 = await guest(ha.id, 'Rahul Verma', '9812345678', '2026-03-01T18:00:00Z', { coupons: [{ offer: oa }] }); // 1 Mar 23:30
  const s3 = await guest(hb.id, 'Sneha Patel', '9900112233', '2026-03-01T18:40:00Z'); // 2 Mar 00:10
  const s4 = await guest(hc.id, 'Priyanka Das', '9876500000', '2026-03-05T06:30:00Z', {
    coupons: [{ offer: ob, redeemed: true }],
  });
  const s5 = await guest(hc.id, 'Rohan Mehta', '9123456789', '2026-02-28T18:29:00Z', { coupons: [{ offer: ob }] }); // 28 Feb 23:59
  Object.assign(ids, {
    s1: s1.scan.id,
    s2: s2.scan.id,
    s3: s3.scan.id,
    s4: s4.scan.id,
    s5: s5.scan.id,
    c1a: s1.coupons[0]!.id,
    c1b: s1.coupons[1]!.id,
  });
  ids.code1a = s1.coupons[0]!.code;
  ids.code1b = s1.coupons[1]!.code;

  // 60 scans at Palm Grove, one an hour from 10 Jan 2026 00:00 UTC, in one insert.
  await db.insert(customerScans).values(
    Array.from({ length: BULK }, (_, i) => ({
      hotelId: hb.id,
      customerName: `Bulk Guest ${i + 1}`,
      mobileNumber: `70000000${String(i).padStart(2, '0')}`,
      checkoutDate: '2026-01-12',
      scanDate: new Date(Date.UTC(2026, 0, 10, i)),
    })),
  );

  tokens = await ctx.tokensByRole({ hotelId: ha.id, merchantId: ma.id });
});

async function list(query: Record<string, string | number> = {}, token = tokens.superadmin) {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await ctx.request('GET', `/api/customer-scans${params.size ? `?${params}` : ''}`, { token });
  expect(res.status).toBe(200);
  return {
    rows: res.body as { id: string; customer_name: string; coupons: unknown[] }[],
    total: Number(res.headers.get('X-Total-Count')),
  };
}
const names = (rows: { customer_name: string }[]) => rows.map((r) => r.customer_name);

describe('GET /api/customer-scans', () => {
  it('lists the newest scans first with the API fields, location, coupons and X-Total-Count', async () => {
    const { rows, total } = await list({ limit: 6 });
    expect(total).toBe(TOTAL);
    expect(names(rows)).toEqual([
      'Priyanka Das',
      'Sneha Patel',
      'Rahul Verma',
      'Priya Sharma',
      'Rohan Mehta',
      'Bulk Guest 60',
    ]);
    expect(rows[3]).toEqual({
      id: ids.s1,
      customer_name: 'Priya Sharma',
      mobile_number: '9876543210',
      checkout_date: '2026-03-03',
      scan_date: '2026-03-01T03:30:00.000Z',
      hotel_id: ids.ha,
      hotel_name: 'Seaview Resort',
      location_id: goaId,
      location_name: 'Goa',
      merchant_id: ids.ma,
      merchant_name: 'Spice Garden',
      // Through the hotel's old link: no placement (docs/PRODUCT.md "Guest trust").
      placement_id: null,
      placement_label: null,
      coupons: [
        {
          id: ids.c1a,
          coupon_code: ids.code1a,
          merchant_id: ids.ma,
          merchant_name: 'Spice Garden',
          offer_name: '20% off on dinner',
          is_redeemed: true,
          redeemed_at: '2026-03-01T03:30:00.000Z',
          override_reason: null,
          redeemed_by: null,
        },
        {
          id: ids.c1b,
          coupon_code: ids.code1b,
          merchant_id: ids.mb,
          merchant_name: 'Raj Thali House',
          offer_name: 'Royal thali 20% off',
          is_redeemed: false,
          redeemed_at: null,
          override_reason: null,
          redeemed_by: null,
        },
      ],
    });
    // A scan without coupons: no merchant, an empty list (the screen shows "No coupon").
    expect(rows[1]).toMatchObject({
      customer_name: 'Sneha Patel',
      merchant_id: null,
      merchant_name: null,
      coupons: [],
    });
  });

  it('pages with limit and offset (default 50, at most 200) without gaps or repeats', async () => {
    const first = await list();
    expect(first.rows).toHaveLength(50);
    const second = await list({ offset: 50 });
    expect(second.rows).toHaveLength(TOTAL - 50);
    expect(second.total).toBe(TOTAL);
    const all = [...first.rows, ...second.rows].map((r) => r.id);
    expect(new Set(all).size).toBe(TOTAL);
    const everything = await list({ limit: 200 });
    expect(everything.rows.map((r) => r.id)).toEqual(all);
    expect((await list({ offset: 500 })).rows).toEqual([]);
    // Small pages walk the same order.
    const pages = [];
    for (let offset = 0; offset < 12; offset += 4)
      pages.push(...(await list({ limit: 4, offset })).rows.map((r) => r.id));
    expect(pages).toEqual(all.slice(0, 12));
  });

  it('searches the name (any case) or the mobile number', async () => {
    const byName = await list({ search: 'PRIY' });
    expect(names(byName.rows)).toEqual(['Priyanka Das', 'Priya Sharma']);
    expect(byName.total).toBe(2);
    expect(names((await list({ search: '98765' })).rows)).toEqual(['Priyanka Das', 'Priya Sharma']);
    expect(names((await list({ search: '  rahul ' })).rows)).toEqual(['Rahul Verma']);
    // LIKE wildcards in the search are plain characters.
    expect((await list({ search: '%' })).total).toBe(0);
    expect((await list({ search: '_' })).total).toBe(0);
  });

  it('filters by business days: Date To is inclusive to the end of that IST day', async () => {
    // 1 Mar IST: 09:00 and 23:30 (18:00 UTC). 00:10 IST on 2 Mar (18:40 UTC on 1 Mar) is not in it.
    expect(names((await list({ date_from: '2026-03-01', date_to: '2026-03-01' })).rows)).toEqual([
      'Rahul Verma',
      'Priya Sharma',
    ]);
    expect(names((await list({ date_from: '2026-03-02' })).rows)).toEqual(['Priyanka Das', 'Sneha Patel']);
    const february = await list({ date_to: '2026-02-28', limit: 1 });
    expect(february.total).toBe(BULK + 1); // 28 Feb 23:59 IST and the January scans
    expect(names(february.rows)).toEqual(['Rohan Mehta']);
    // 10 Jan 00:00 UTC = 05:30 IST: the first 19 bulk scans fall on 10 Jan IST (up to 18:00 UTC = 23:30 IST).
    expect((await list({ date_from: '2026-01-10', date_to: '2026-01-10' })).total).toBe(19);
  });

  it('filters by location, hotel and merchant, alone and together', async () => {
    expect(names((await list({ location_id: jaipurId })).rows)).toEqual(['Priyanka Das', 'Rohan Mehta']);
    expect(names((await list({ hotel_id: ids.ha! })).rows)).toEqual(['Rahul Verma', 'Priya Sharma']);
    // With a hotel the search is checked on the hotel's scans, not through the trigram index: the same answers.
    expect(names((await list({ hotel_id: ids.ha!, search: 'PRIY' })).rows)).toEqual(['Priya Sharma']);
    expect(names((await list({ hotel_id: ids.ha!, search: '98765' })).rows)).toEqual(['Priya Sharma']);
    expect((await list({ hotel_id: ids.ha!, search: '%' })).total).toBe(0);
    expect(names((await list({ merchant_id: ids.mb! })).rows)).toEqual(['Priyanka Das', 'Priya Sharma', 'Rohan Mehta']);
    const together = await list({
      location_id: goaId,
      merchant_id: ids.mb!,
      search: 'sharma',
      date_from: '2026-03-01',
      date_to: '2026-03-31',
    });
    expect(names(together.rows)).toEqual(['Priya Sharma']);
    expect(together.total).toBe(1);
    // A match keeps all of its coupons, not only the filtered merchant's.
    expect(together.rows[0]!.coupons).toHaveLength(2);
    expect((await list({ location_id: goaId })).total).toBe(BULK + 3);
    // Empty parameters are no filter.
    expect(
      (await list({ search: '', location_id: '', hotel_id: '', merchant_id: '', date_from: '', date_to: '' })).total,
    ).toBe(TOTAL);
  });

  it.each([
    ['limit=0', 'limit must be 1 to 200'],
    ['limit=201', 'limit must be 1 to 200'],
    ['offset=-1', 'offset must be a whole number, 0 or more'],
    ['hotel_id=abc', 'hotel_id must be a valid id'],
    ['merchant_id=1', 'merchant_id must be a valid id'],
    ['location_id=goa', 'location_id must be a positive whole number'],
    ['date_from=2026-02-30', 'date_from must be a date as YYYY-MM-DD'],
    ['date_from=2026-03-02&date_to=2026-03-01', 'Date From must not be after Date To'],
  ])('refuses %s with 422', async (query, detail) => {
    const res = await ctx.request('GET', `/api/customer-scans?${query}`, { token: tokens.superadmin });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ detail });
  });

  it('is for the back office: admin and manager 200, hotel and merchant 403, anonymous 401', async () => {
    for (const token of [tokens.admin, tokens.manager]) expect((await list({ limit: 1 }, token)).total).toBe(TOTAL);
    for (const token of [tokens.hotel, tokens.merchant])
      expect((await ctx.request('GET', '/api/customer-scans', { token })).status).toBe(403);
    expect((await ctx.request('GET', '/api/customer-scans')).status).toBe(401);
  });
});
