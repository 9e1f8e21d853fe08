import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { unpaidTotals } from '../../src/server/modules/payments/payments.service';
import { presentDashboard } from '../../src/server/areas/dashboard/dashboard.presenter';
import { superadminDashboard } from '../../src/server/areas/dashboard/dashboard.service';
import { addDays, todayIn } from '../../src/shared/dates';
import { createTestContext, useTestContext, type RoleTokens } from '../support';
import {
  archiveHotel,
  archiveMerchant,
  goaJaipurUdaipur,
  hotelAt,
  merchantAt,
  offerOf,
  paidPeriod,
  scanAt,
} from '../support/insight-factories';

/**
 * A hand-computed dataset across two locations (and an empty third) and several months, read at a fixed clock:
 * NOW = 2 Apr 2026 12:00 IST. Instants are UTC; the comment gives the IST time that decides the day and month.
 */
const TZ = 'Asia/Kolkata';
const NOW = new Date('2026-04-02T06:30:00Z');

const ctx = useTestContext();
let tokens: RoleTokens;

beforeAll(async () => {
  const db = ctx.db;
  const { goa, jaipur } = await goaJaipurUdaipur(ctx);

  // Hotels: 3 in Goa, 3 in Jaipur, plus an archived one in Jaipur (not counted, its money and scans are).
  const h1 = await hotelAt(db, goa.id, '2026-02-10T04:30:00Z'); // 10 Feb
  const h2 = await hotelAt(db, goa.id, '2026-03-31T18:00:00Z'); // 31 Mar 23:30: March, not April
  const h7 = await hotelAt(db, goa.id, '2026-04-01T18:31:00Z'); // 2 Apr 00:01: today
  const h3 = await hotelAt(db, jaipur.id, '2026-03-31T18:40:00Z'); // 1 Apr 00:10: this month
  const h4 = await hotelAt(db, jaipur.id, '2026-01-05T06:30:00Z'); // archived below
  const h5 = await hotelAt(db, jaipur.id, '2026-03-05T05:00:00Z');
  const h6 = await hotelAt(db, jaipur.id, '2026-03-10T05:00:00Z');
  void h7;

  // Payments (amount, paid at, period).
  await paidPeriod(db, h1.id, 800, '2025-10-31T18:15:00Z', '2025-11-01', '2025-11-30'); // 31 Oct 23:45 → Oct 2025
  await paidPeriod(db, h1.id, 999.99, '2025-12-31T18:29:59Z', '2025-01-01', '2025-12-31'); // 31 Dec 23:59:59 → 2025
  await paidPeriod(db, h1.id, 100.1, '2025-12-31T18:30:00Z', '2026-01-01', '2026-03-31'); // 1 Jan 00:00 → 2026; ends before April
  await paidPeriod(db, h1.id, 12000, '2026-02-10T04:30:00Z', '2026-04-01', '2026-05-31'); // ends May, renewed by the next
  await paidPeriod(db, h1.id, 700, '2026-04-01T18:00:00Z', '2026-06-01', '2026-06-30'); // 1 Apr 23:30: month, not today; ends June
  await paidPeriod(db, h2.id, 5000.5, '2026-03-31T18:00:00Z', '2026-03-31', '2026-04-30'); // 31 Mar 23:30 → March; ends April, renewed
  await paidPeriod(db, h2.id, 5500.25, '2026-04-01T03:30:00Z', '2026-05-01', '2026-05-31'); // 1 Apr 09:00; ends May
  await paidPeriod(db, h3.id, 8000, '2026-03-31T18:40:00Z', '2026-04-01', '2026-06-30'); // 1 Apr 00:10; ends June, renewed
  await paidPeriod(db, h3.id, 1234.56, '2026-04-01T18:35:00Z', '2026-07-01', '2026-09-30'); // 2 Apr 00:05: today
  await paidPeriod(db, h4.id, 3000, '2026-01-05T06:30:00Z', '2026-01-05', '2026-04-04'); // archived hotel: counts as revenue, not in renewals
  await paidPeriod(db, h5.id, 1500, '2025-09-15T06:30:00Z', '2025-09-15', '2025-10-14');
  await paidPeriod(db, h5.id, 4000, '2026-03-05T05:00:00Z', '2026-03-05', '2026-04-04'); // ends April, renewed
  await paidPeriod(db, h5.id, 4200, '2026-03-30T06:00:00Z', '2026-04-05', '2026-05-04'); // ends May
  await paidPeriod(db, h6.id, 2500, '2026-03-10T05:00:00Z', '2026-03-10', '2026-04-09'); // ends April, renewed
  await paidPeriod(db, h6.id, 2750, '2026-03-31T17:00:00Z', '2026-04-10', '2026-07-01'); // 31 Mar 22:30; ends 1 Jul: after June
  await archiveHotel(db, h4.id);

  // Merchants: 2 in Goa, 1 in Jaipur, plus an archived one.
  const m1 = await merchantAt(db, goa.id, '2026-04-02T02:30:00Z'); // today
  await merchantAt(db, goa.id, '2026-03-31T18:00:00Z'); // March
  const m3 = await merchantAt(db, jaipur.id, '2026-04-01T04:30:00Z'); // this month
  const m4 = await merchantAt(db, jaipur.id, '2026-04-02T03:00:00Z'); // archived below
  await archiveMerchant(db, m4.id);
  const o1 = await offerOf(db, m1.id);
  const o2 = await offerOf(db, m1.id);
  const o3 = await offerOf(db, m3.id);
  const o4 = await offerOf(db, m3.id, { archivedAt: new Date() });
  const o5 = await offerOf(db, m4.id); // its merchant is archived

  // Scans: 3 in Goa, 3 in Jaipur (one at the archived hotel); 3 redeemed coupons.
  await scanAt(db, {
    hotelId: h1.id,
    scanDate: '2026-04-01T19:00:00Z',
    coupons: [{ offer: o1, redeemed: true }, { offer: o3 }],
  }); // 2 Apr 00:30: today
  await scanAt(db, { hotelId: h1.id, scanDate: '2026-04-01T18:29:00Z' }); // 1 Apr 23:59: month
  await scanAt(db, { hotelId: h2.id, scanDate: '2026-03-15T06:30:00Z', coupons: [{ offer: o2, redeemed: true }] });
  await scanAt(db, { hotelId: h3.id, scanDate: '2026-04-02T05:30:00Z', coupons: [{ offer: o5, redeemed: true }] }); // today
  await scanAt(db, { hotelId: h4.id, scanDate: '2026-02-01T06:30:00Z', coupons: [{ offer: o4 }] });
  await scanAt(db, { hotelId: h5.id, scanDate: '2026-03-31T18:00:00Z' }); // 31 Mar 23:30: March

  tokens = await ctx.tokensByRole({ hotelId: h1.id, merchantId: m1.id });
});

const zeros = {
  hotels_today: 0,
  hotels_this_month: 0,
  hotels_total: 0,
  scans_today: 0,
  scans_this_month: 0,
  scans_total: 0,
  merchants_today: 0,
  merchants_this_month: 0,
  merchants_total: 0,
  revenue_today: 0,
  revenue_this_month: 0,
  revenue_total: 0,
};

const EXPECTED = {
  total_hotels: 6,
  total_scans: 6,
  total_offers: 3,
  total_redemptions: 3,
  revenue_today: 1234.56,
  revenue_month: 15434.81, // 5500.25 + 8000 + 1234.56 + 700
  revenue_year: 48985.41, // all 2026 payments
  revenue_all_time: 52285.4,
  // Unpaid amounts are read apart (payments.service unpaidTotals), tested in payments.test.ts.
  unpaid_amount: null,
  unpaid_periods: null,
  location_stats: {
    Goa: {
      hotels_today: 1,
      hotels_this_month: 1,
      hotels_total: 3,
      scans_today: 1,
      scans_this_month: 2,
      scans_total: 3,
      merchants_today: 1,
      merchants_this_month: 1,
      merchants_total: 2,
      revenue_today: 0,
      revenue_this_month: 6200.25,
      revenue_total: 25100.84,
    },
    Jaipur: {
      hotels_today: 0,
      hotels_this_month: 1,
      hotels_total: 3,
      scans_today: 1,
      scans_this_month: 1,
      scans_total: 3,
      merchants_today: 0,
      merchants_this_month: 1,
      merchants_total: 1,
      revenue_today: 1234.56,
      revenue_this_month: 9234.56,
      revenue_total: 27184.56,
    },
    Udaipur: zeros,
  },
  renewals_by_location_month: {
    'April 2026': { Goa: { count: 1, done: 1 }, Jaipur: { count: 2, done: 2 } },
    'May 2026': { Goa: { count: 2, done: 1 }, Jaipur: { count: 1, done: 0 } },
    'June 2026': { Goa: { count: 1, done: 0 }, Jaipur: { count: 1, done: 1 } },
  },
};

describe('dashboard figures (fixed clock: 2 Apr 2026 12:00 IST)', () => {
  it('matches the hand-computed dataset to the rupee', async () => {
    const dashboard = presentDashboard(await superadminDashboard(ctx.db, TZ, NOW), { revenue: true });
    expect(dashboard).toEqual(EXPECTED);
    // Month labels in order: the current month and the next two.
    expect(Object.keys(dashboard.renewals_by_location_month)).toEqual(['April 2026', 'May 2026', 'June 2026']);
    // The Total row of the location table adds up to the headline figures.
    const rows = Object.values(dashboard.location_stats);
    expect(rows.reduce((sum, r) => sum + r.hotels_total, 0)).toBe(dashboard.total_hotels);
    expect(rows.reduce((sum, r) => sum + r.scans_total, 0)).toBe(dashboard.total_scans);
    expect(Math.round(rows.reduce((sum, r) => sum + r.revenue_total!, 0) * 100) / 100).toBe(dashboard.revenue_all_time);
  });

  it('puts a payment at 23:30 IST on that IST day, not the UTC one', async () => {
    // At 31 Mar 23:45 IST, 5000.50 (31 Mar 23:30 IST = 18:00 UTC) and 2750 (22:30 IST) are today, in March.
    const lateMarch = presentDashboard(await superadminDashboard(ctx.db, TZ, new Date('2026-03-31T18:15:00Z')), {
      revenue: true,
    });
    expect(lateMarch.revenue_today).toBe(7750.5);
    // March: 4000 + 4200 + 2500 + 2750 + 5000.50; 8000 paid at 1 Apr 00:10 IST (31 Mar 18:40 UTC) is not yet paid.
    expect(lateMarch.revenue_month).toBe(18450.5);
    expect(Object.keys(lateMarch.renewals_by_location_month)).toEqual(['March 2026', 'April 2026', 'May 2026']);
    // Fifteen minutes into 1 Apr IST (still 31 Mar in UTC) a new day and month have begun: 1 Apr's payments are
    // 8000 (00:10 IST), 5500.25 (09:00) and 700 (23:30); 5000.50 at 31 Mar 23:30 IST is not among them.
    const firstApril = presentDashboard(await superadminDashboard(ctx.db, TZ, new Date('2026-03-31T18:45:00Z')), {
      revenue: true,
    });
    expect(firstApril.revenue_today).toBe(14200.25);
    expect(firstApril.revenue_month).toBe(15434.81); // April: those and 1234.56 on 2 Apr
    expect(firstApril.location_stats.Jaipur!.hotels_today).toBe(1);
    // New Year in IST: 999.99 at 23:59:59 on 31 Dec counts in 2025, 100.10 at 00:00 on 1 Jan in 2026.
    const newYear = presentDashboard(await superadminDashboard(ctx.db, TZ, new Date('2025-12-31T18:30:00Z')), {
      revenue: true,
    });
    expect(newYear.revenue_today).toBe(100.1);
    expect(newYear.revenue_year).toBe(48985.41); // every 2026 payment, and not 999.99
    expect(newYear.revenue_all_time).toBe(52285.4); // all-time is every payment
  });
});

describe('GET /api/dashboard/superadmin', () => {
  it('answers the docs/PRODUCT.md "API fields" shape with the figures that do not depend on the day', async () => {
    const res = await ctx.request('GET', '/api/dashboard/superadmin', { token: tokens.superadmin });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(Object.keys(EXPECTED).sort());
    expect(res.body).toMatchObject({
      total_hotels: 6,
      total_scans: 6,
      total_offers: 3,
      total_redemptions: 3,
      revenue_all_time: 52285.4,
    });
    expect(res.body.location_stats.Goa).toMatchObject({
      hotels_total: 3,
      scans_total: 3,
      merchants_total: 2,
      revenue_total: 25100.84,
    });
    expect(res.body.location_stats.Jaipur).toMatchObject({
      hotels_total: 3,
      scans_total: 3,
      merchants_total: 1,
      revenue_total: 27184.56,
    });
    expect(res.body.location_stats.Udaipur).toEqual(zeros);
    for (const stats of Object.values<Record<string, unknown>>(res.body.location_stats)) {
      expect(Object.keys(stats).sort()).toEqual(Object.keys(zeros).sort());
    }
    // Today's figures: the same as the service computes for the real clock.
    // Unpaid: the dataset's periods were planted without payments, so all they owe (no invoices: their amounts).
    const unpaid = await unpaidTotals(ctx.db);
    expect(unpaid.amount).toBeCloseTo(52285.4, 2);
    expect(res.body).toEqual(
      presentDashboard(await superadminDashboard(ctx.db, TZ, new Date()), { revenue: true, unpaid }),
    );
  });

  it('lets admin see revenue; gives a manager the counts without revenue (docs/PRODUCT.md "Roles")', async () => {
    const admin = await ctx.request('GET', '/api/dashboard/superadmin', { token: tokens.admin });
    expect(admin.status).toBe(200);
    expect(admin.body.revenue_all_time).toBe(52285.4);
    const manager = await ctx.request('GET', '/api/dashboard/superadmin', { token: tokens.manager });
    expect(manager.status).toBe(200);
    expect(manager.body).toMatchObject({
      total_hotels: 6,
      total_scans: 6,
      revenue_today: null,
      revenue_month: null,
      revenue_year: null,
      revenue_all_time: null,
    });
    expect(manager.body.location_stats.Goa).toMatchObject({
      hotels_total: 3,
      revenue_today: null,
      revenue_this_month: null,
      revenue_total: null,
    });
    expect(manager.body.renewals_by_location_month).toEqual(admin.body.renewals_by_location_month);
  });

  it('refuses hotels and merchants (403) and anonymous callers (401)', async () => {
    for (const token of [tokens.hotel, tokens.merchant]) {
      const res = await ctx.request('GET', '/api/dashboard/superadmin', { token });
      expect(res.status).toBe(403);
      expect(res.body.detail).toEqual(expect.any(String));
    }
    expect((await ctx.request('GET', '/api/dashboard/superadmin')).status).toBe(401);
  });
});

describe('GET /api/dashboard/superadmin on the real clock', () => {
  const fresh = useTestContext();

  it('counts a payment at 00:05 IST today as today and one at 23:30 IST yesterday as yesterday', async ({ skip }) => {
    const today = todayIn(TZ);
    const yesterday = addDays(today, -1);
    const kochi = await fresh.createLocation({ name: 'Kochi' });
    const hotel = await hotelAt(fresh.db, kochi.id, `${today}T00:00:00+05:30`);
    // 00:05 IST today is the previous UTC day; 23:30 IST yesterday is yesterday in both.
    await paidPeriod(fresh.db, hotel.id, 1111.11, `${today}T00:05:00+05:30`, today, addDays(today, 30));
    await paidPeriod(fresh.db, hotel.id, 2222.22, `${yesterday}T23:30:00+05:30`, today, addDays(today, 30));
    await scanAt(fresh.db, { hotelId: hotel.id, scanDate: `${today}T00:01:00+05:30` });
    await scanAt(fresh.db, { hotelId: hotel.id, scanDate: `${yesterday}T23:59:00+05:30` });
    const token = await fresh.tokenAs('superadmin');

    const res = await fresh.request('GET', '/api/dashboard/superadmin', { token });
    if (todayIn(TZ) !== today) skip(); // midnight passed during the test: the figures moved with it
    expect(res.status).toBe(200);
    const sameMonth = yesterday.slice(0, 7) === today.slice(0, 7);
    const sameYear = yesterday.slice(0, 4) === today.slice(0, 4);
    expect(res.body).toMatchObject({
      total_hotels: 1,
      total_scans: 2,
      revenue_today: 1111.11,
      revenue_month: sameMonth ? 3333.33 : 1111.11,
      revenue_year: sameYear ? 3333.33 : 1111.11,
      revenue_all_time: 3333.33,
    });
    expect(res.body.location_stats.Kochi).toEqual({
      hotels_today: 1,
      hotels_this_month: 1,
      hotels_total: 1,
      scans_today: 1,
      scans_this_month: sameMonth ? 2 : 1,
      scans_total: 2,
      merchants_today: 0,
      merchants_this_month: 0,
      merchants_total: 0,
      revenue_today: 1111.11,
      revenue_this_month: sameMonth ? 3333.33 : 1111.11,
      revenue_total: 3333.33,
    });
    // Both periods end in 30 days (this month or the next) and neither is followed by a later one.
    const cells = Object.values<Record<string, { count: number; done: number }>>(res.body.renewals_by_location_month);
    expect(cells).toHaveLength(3);
    expect(cells.reduce((n, month) => n + (month.Kochi?.count ?? 0), 0)).toBe(2);
    expect(cells.reduce((n, month) => n + (month.Kochi?.done ?? 0), 0)).toBe(0);
  });

  it('follows every catalogue change made after a view, through the API or by plain SQL (cached per version)', async () => {
    const token = await fresh.tokenAs('superadmin');
    const view = async () => (await fresh.request('GET', '/api/dashboard/superadmin', { token })).body;
    const pune = await fresh.createLocation({ name: 'Pune' });
    const before = await view();
    expect(before.location_stats.Pune).toMatchObject({ hotels_total: 0, merchants_total: 0 });

    const merchant = await merchantAt(fresh.db, pune.id, new Date().toISOString());
    await offerOf(fresh.db, merchant.id);
    await offerOf(fresh.db, merchant.id);
    await hotelAt(fresh.db, pune.id, new Date().toISOString());
    const added = await view();
    expect(added.total_offers).toBe(before.total_offers + 2);
    expect(added.total_hotels).toBe(before.total_hotels + 1);
    expect(added.location_stats.Pune).toMatchObject({ hotels_total: 1, merchants_total: 1 });

    // An archived merchant takes its offers out of the count.
    await fresh.db.execute(sql`update merchants set archived_at = now() where id = ${merchant.id}`);
    const archived = await view();
    expect(archived.total_offers).toBe(before.total_offers);
    expect(archived.location_stats.Pune).toMatchObject({ hotels_total: 1, merchants_total: 0 });

    // Renewal tracking is kept with the counts: a period written by plain SQL (no hotel touched) ending within the
    // tracked months shows at once (migration 0041), and so does its renewal, and the renewal's cancellation.
    const renewalsIn = (body: {
      renewals_by_location_month: Record<string, Record<string, { count: number; done: number }>>;
    }) =>
      Object.values(body.renewals_by_location_month).reduce(
        (sum, month) => ({ count: sum.count + (month.Pune?.count ?? 0), done: sum.done + (month.Pune?.done ?? 0) }),
        { count: 0, done: 0 },
      );
    const hotel = await hotelAt(fresh.db, pune.id, new Date().toISOString());
    const today = todayIn(TZ);
    const ending = await view();
    await paidPeriod(fresh.db, hotel.id, 500, new Date().toISOString(), today, addDays(today, 20));
    const due = await view();
    expect(renewalsIn(due)).toEqual({ count: renewalsIn(ending).count + 1, done: renewalsIn(ending).done });
    const renewal = await paidPeriod(
      fresh.db,
      hotel.id,
      500,
      new Date().toISOString(),
      addDays(today, 21),
      addDays(today, 400),
    );
    expect(renewalsIn(await view())).toEqual({ count: renewalsIn(due).count, done: renewalsIn(due).done + 1 });
    await fresh.db.execute(sql`update subscription_periods set cancelled_at = now() where id = ${renewal.id}`);
    expect(renewalsIn(await view())).toEqual(renewalsIn(due));
  });

  it('answers zeros and empty maps on an empty database', async () => {
    const empty = await createTestContext();
    try {
      const res = await empty.request('GET', '/api/dashboard/superadmin', { token: await empty.tokenAs('superadmin') });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        total_hotels: 0,
        total_scans: 0,
        total_offers: 0,
        total_redemptions: 0,
        revenue_today: 0,
        revenue_all_time: 0,
        location_stats: {},
      });
      const months = Object.values(res.body.renewals_by_location_month);
      expect(months).toEqual([{}, {}, {}]);
    } finally {
      await empty.close();
    }
  });
});
