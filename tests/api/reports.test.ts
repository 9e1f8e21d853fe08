import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, useTestContext, type RoleTokens } from '../support';
import { archiveHotel, goaJaipurUdaipur, hotelAt, merchantAt, paidPeriod } from '../support/insight-factories';

/**
 * Month-wise Revenue Report over a hand-computed dataset: payments in 7 months (Sep 2025 to Apr 2026, none in
 * Nov 2025) in Goa and Jaipur, with IST month edges. Udaipur has no hotels: a column of zeros.
 */
const ctx = useTestContext();
let tokens: RoleTokens;
let goaHotelId: string;
let goaId: number;

beforeAll(async () => {
  const db = ctx.db;
  const { goa, jaipur } = await goaJaipurUdaipur(ctx);
  const g1 = await hotelAt(db, goa.id, '2025-09-01T04:30:00Z');
  goaHotelId = g1.id;
  goaId = goa.id;
  const g2 = await hotelAt(db, goa.id, '2026-03-01T04:30:00Z');
  const j1 = await hotelAt(db, jaipur.id, '2025-09-01T04:30:00Z');
  const j2 = await hotelAt(db, jaipur.id, '2025-12-01T04:30:00Z');

  await paidPeriod(db, j1.id, 1500, '2025-09-15T06:30:00Z', '2025-09-15', '2025-10-14'); // Sep 2025
  await paidPeriod(db, g1.id, 800, '2025-10-31T18:15:00Z', '2025-11-01', '2025-11-30'); // 31 Oct 23:45 IST → Oct, not Nov
  await paidPeriod(db, g1.id, 999.99, '2025-12-31T18:29:59Z', '2026-01-01', '2026-01-31'); // 31 Dec 23:59:59 IST → Dec
  await paidPeriod(db, g1.id, 100.1, '2025-12-31T18:30:00Z', '2026-02-01', '2026-02-28'); // 1 Jan 00:00 IST → Jan
  await paidPeriod(db, j2.id, 3000, '2026-01-05T06:30:00Z', '2026-01-05', '2026-04-04'); // archived below: still counts
  await paidPeriod(db, g1.id, 12000, '2026-02-10T04:30:00Z', '2026-03-01', '2026-05-31');
  await paidPeriod(db, j1.id, 4000, '2026-03-05T05:00:00Z', '2026-03-05', '2026-04-04');
  await paidPeriod(db, j1.id, 4200, '2026-03-30T06:00:00Z', '2026-04-05', '2026-05-04');
  await paidPeriod(db, j1.id, 2500, '2026-03-10T05:00:00Z', '2026-03-10', '2026-04-09');
  await paidPeriod(db, j1.id, 2750, '2026-03-31T17:00:00Z', '2026-04-10', '2026-07-01');
  await paidPeriod(db, g2.id, 5000.5, '2026-03-31T18:00:00Z', '2026-03-31', '2026-04-30'); // 31 Mar 23:30 IST → March
  await paidPeriod(db, g2.id, 5500.25, '2026-04-01T03:30:00Z', '2026-05-01', '2026-05-31');
  await paidPeriod(db, g1.id, 700, '2026-04-01T18:00:00Z', '2026-06-01', '2026-06-30');
  await paidPeriod(db, j1.id, 8000, '2026-03-31T18:40:00Z', '2026-07-10', '2026-10-09'); // 1 Apr 00:10 IST → April
  await paidPeriod(db, j1.id, 1234.56, '2026-04-01T18:35:00Z', '2026-10-10', '2026-12-09');
  await archiveHotel(db, j2.id);

  const merchant = await merchantAt(db, goa.id, '2026-01-01T00:00:00Z');
  tokens = await ctx.tokensByRole({ hotelId: g1.id, merchantId: merchant.id });
});

const ALL_MONTHS = ['2026-04', '2026-03', '2026-02', '2026-01', '2025-12', '2025-10', '2025-09'];
const ROWS = {
  '2026-04': { month: '2026-04', by_location: { Goa: 6200.25, Jaipur: 9234.56, Udaipur: 0 }, total: 15434.81 },
  '2026-03': { month: '2026-03', by_location: { Goa: 5000.5, Jaipur: 13450, Udaipur: 0 }, total: 18450.5 },
  '2026-02': { month: '2026-02', by_location: { Goa: 12000, Jaipur: 0, Udaipur: 0 }, total: 12000 },
  '2026-01': { month: '2026-01', by_location: { Goa: 100.1, Jaipur: 3000, Udaipur: 0 }, total: 3100.1 },
  '2025-12': { month: '2025-12', by_location: { Goa: 999.99, Jaipur: 0, Udaipur: 0 }, total: 999.99 },
  '2025-10': { month: '2025-10', by_location: { Goa: 800, Jaipur: 0, Udaipur: 0 }, total: 800 },
  '2025-09': { month: '2025-09', by_location: { Goa: 0, Jaipur: 1500, Udaipur: 0 }, total: 1500 },
};

const report = (query = '', token = tokens.superadmin) =>
  ctx.request('GET', `/api/reports/monthly-revenue${query}`, { token });

describe('GET /api/reports/monthly-revenue', () => {
  it('defaults to the latest 6 months with payments, newest first, with SUBTOTAL and average', async () => {
    const res = await report();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      months: ALL_MONTHS,
      from: '2025-10',
      to: '2026-04',
      locations: ['Goa', 'Jaipur', 'Udaipur'],
      rows: [ROWS['2026-04'], ROWS['2026-03'], ROWS['2026-02'], ROWS['2026-01'], ROWS['2025-12'], ROWS['2025-10']],
      subtotal: { by_location: { Goa: 25100.84, Jaipur: 25684.56, Udaipur: 0 }, total: 50785.4 },
      average_monthly_revenue: 8464, // 50785.40 / 6 = 8464.23
    });
  });

  it('reports a chosen range; months without payments have no row', async () => {
    const res = await report('?from=2025-09&to=2025-12');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      from: '2025-09',
      to: '2025-12',
      rows: [ROWS['2025-12'], ROWS['2025-10'], ROWS['2025-09']],
      subtotal: { by_location: { Goa: 1799.99, Jaipur: 1500, Udaipur: 0 }, total: 3299.99 },
      average_monthly_revenue: 1100, // 3299.99 / 3 = 1099.997
    });
    const jan = await report('?from=2026-01&to=2026-03');
    expect(jan.body.rows).toEqual([ROWS['2026-03'], ROWS['2026-02'], ROWS['2026-01']]);
    expect(jan.body.subtotal).toEqual({ by_location: { Goa: 17100.6, Jaipur: 16450, Udaipur: 0 }, total: 33550.6 });
    expect(jan.body.average_monthly_revenue).toBe(11184); // 11183.53
  });

  it('puts a payment at 23:30 IST on 31 March in March, and 00:10 IST on 1 April in April', async () => {
    const march = await report('?from=2026-03&to=2026-03');
    expect(march.body.rows).toEqual([ROWS['2026-03']]);
    const april = await report('?from=2026-04&to=2026-04');
    expect(april.body.rows).toEqual([ROWS['2026-04']]);
  });

  it('answers an empty report for a range without payments', async () => {
    const res = await report('?from=2025-11&to=2025-11');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      months: ALL_MONTHS,
      from: '2025-11',
      to: '2025-11',
      rows: [],
      average_monthly_revenue: 0,
    });
    expect(res.body.subtotal).toEqual({ by_location: { Goa: 0, Jaipur: 0, Udaipur: 0 }, total: 0 });
  });

  it('fills the other end from the data when only one is given', async () => {
    expect((await report('?from=2026-03')).body).toMatchObject({ from: '2026-03', to: '2026-04' });
    expect((await report('?to=2025-10')).body).toMatchObject({ from: '2025-09', to: '2025-10' });
    expect((await report('?from=&to=')).body).toMatchObject({ from: '2025-10', to: '2026-04' });
  });

  it.each([
    ['?from=2026-13', 'from must be a month as YYYY-MM'],
    ['?to=March', 'to must be a month as YYYY-MM'],
    ['?from=2026-04&to=2026-03', 'The From month must not be after the To month'],
  ])('refuses %s with 422', async (query, detail) => {
    const res = await report(query);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ detail });
  });

  it('is for superadmin and admin only: manager, hotel and merchant 403, anonymous 401', async () => {
    expect((await report('', tokens.admin)).status).toBe(200);
    for (const token of [tokens.manager, tokens.hotel, tokens.merchant])
      expect((await report('', token)).status).toBe(403);
    expect((await ctx.request('GET', '/api/reports/monthly-revenue')).status).toBe(401);
  });

  it('keeps its answer per catalogue version: a payment or a renamed location shows at once, a current copy gets 304', async () => {
    const range = '?from=2026-02&to=2026-02';
    const first = await report(range);
    expect(first.body.rows).toEqual([ROWS['2026-02']]);
    const etag = String(first.headers.get('etag'));
    const again = await ctx.request('GET', `/api/reports/monthly-revenue${range}`, {
      token: tokens.superadmin,
      headers: { 'If-None-Match': etag },
    });
    expect(again.status).toBe(304);

    // A period paid by plain SQL (no hotel touched) and a location renamed: each bumps catalogue_version.
    const period = await paidPeriod(ctx.db, goaHotelId, 250, '2026-02-20T06:30:00Z', '2027-01-01', '2027-01-31');
    const paid = await report(range);
    expect(paid.headers.get('etag')).not.toBe(etag);
    expect(paid.body.rows[0]).toMatchObject({ by_location: { Goa: 12250 }, total: 12250 });
    await ctx.db.execute(sql`update locations set name = 'North Goa' where id = ${goaId}`);
    const renamed = await report(range);
    expect(renamed.body.locations).toContain('North Goa');
    expect(renamed.body.rows[0]).toMatchObject({ by_location: { 'North Goa': 12250 } });

    // Put back for the tests after this one.
    await ctx.db.execute(sql`update locations set name = 'Goa' where id = ${goaId}`);
    await ctx.db.execute(sql`delete from subscription_periods where id = ${period.id}`);
    expect((await report(range)).body.rows).toEqual([ROWS['2026-02']]);
  });

  it('answers no months and no rows without any payment', async () => {
    const empty = await createTestContext();
    try {
      await empty.createLocation({ name: 'Goa' });
      const res = await empty.request('GET', '/api/reports/monthly-revenue', { token: await empty.tokenAs('admin') });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        months: [],
        from: null,
        to: null,
        locations: ['Goa'],
        rows: [],
        subtotal: { by_location: { Goa: 0 }, total: 0 },
        average_monthly_revenue: 0,
      });
    } finally {
      await empty.close();
    }
  });
});
