import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/server/db/rows';
import { addDays, addMonthsToMonth, lastMonths, monthOf } from '../../src/shared/dates';
import { archiveHotel, hotelAt, offerOf, paidPeriod, scanAt, snapshotAt } from '../support/insight-factories';
import { businessToday } from '../support/offer-factories';
import { useRoleTokens, useTestContext } from '../support';

/**
 * The back office's chart data (docs/DATA.md "Who reads them") against GROUP BY on the base tables: the dashboard's
 * scans and redemptions a day (30 days) and revenue a month (12), read from the sharded rollups; a hotel's rating over
 * 12 months.
 */

const t = useTestContext();
const tokens = useRoleTokens(t);
const TZ = 'Asia/Kolkata';
let today: string;
let hotelId: string;
let archivedId: string;

/** Noon in Kolkata on `day`, as an instant. */
const noonOf = (day: string) => `${day}T12:00:00+05:30`;

beforeAll(async () => {
  today = businessToday(TZ);
  const goa = await t.createLocation({ name: 'Goa' });
  const pune = await t.createLocation({ name: 'Pune' });
  const hotelA = await hotelAt(t.db, goa.id, '2024-01-01T06:00:00Z', { name: 'Hotel Zoë' });
  const hotelB = await hotelAt(t.db, pune.id, '2024-01-01T06:00:00Z', { name: 'राम निवास' });
  const archived = await hotelAt(t.db, pune.id, '2024-01-01T06:00:00Z', { name: 'Gone' });
  hotelId = hotelA.id;
  archivedId = archived.id;
  const merchant = await t.createMerchant({ locationId: goa.id });
  const offer = {
    id: (await offerOf(t.db, merchant.id, { validityFrom: '2020-01-01', validityTo: '2099-12-31' })).id,
    merchantId: merchant.id,
  };

  // Scans on days inside the 30 (today, the first day) and just outside; some coupons redeemed.
  for (const [offset, hotel, redeemed] of [
    [0, hotelA.id, true],
    [0, hotelB.id, false],
    [-3, hotelA.id, true],
    [-3, hotelB.id, true],
    [-29, hotelB.id, false],
    [-30, hotelA.id, true],
  ] as const) {
    await scanAt(t.db, { hotelId: hotel, scanDate: noonOf(addDays(today, offset)), coupons: [{ offer, redeemed }] });
  }
  // Move part of a day's counts to another shard: readers must sum the shards (docs/DATA.md).
  await t.db.execute(sql`
    update location_daily_stats set scans = scans - 1, redemptions = redemptions - 1
    where location_id = ${goa.id} and day = ${addDays(today, -3)}::date and shard = (
      select min(shard) from location_daily_stats where location_id = ${goa.id} and day = ${addDays(today, -3)}::date)`);
  await t.db.execute(sql`
    insert into location_daily_stats (location_id, day, scans, coupons, redemptions, shard)
    values (${goa.id}, ${addDays(today, -3)}::date, 1, 0, 1, 15)
    on conflict (location_id, day, shard) do update set scans = location_daily_stats.scans + 1,
      redemptions = location_daily_stats.redemptions + 1`);

  const month = monthOf(today);
  await paidPeriod(t.db, hotelA.id, 1500.5, noonOf(`${month}-01`), `${month}-01`, addDays(`${month}-01`, 180));
  await paidPeriod(t.db, hotelB.id, 700, noonOf(`${month}-01`), `${month}-01`, addDays(`${month}-01`, 180));
  const first = addMonthsToMonth(month, -11);
  await paidPeriod(t.db, hotelB.id, 250.25, noonOf(`${first}-15`), `${first}-15`, `${addMonthsToMonth(first, 6)}-14`);
  const outside = addMonthsToMonth(month, -12);
  await paidPeriod(
    t.db,
    hotelA.id,
    999,
    noonOf(`${outside}-15`),
    `${outside}-15`,
    `${addMonthsToMonth(outside, 6)}-14`,
  );

  // Ratings: two snapshots this month, one 3 months ago, one 13 months ago (outside the 12), one at the first instant
  // of a month in Kolkata (still that month).
  await snapshotAt(t.db, hotelA.id, `${month}-01T00:00:00+05:30`, 100, 4.1);
  await snapshotAt(t.db, hotelA.id, noonOf(today), 110, 4.3);
  await snapshotAt(t.db, hotelA.id, noonOf(`${addMonthsToMonth(month, -3)}-10`), 90, 3.9);
  await snapshotAt(t.db, hotelA.id, noonOf(`${addMonthsToMonth(month, -13)}-10`), 50, 3.0);
  await snapshotAt(t.db, hotelA.id, `${addMonthsToMonth(month, -1)}-01T00:00:00+05:30`, 95, 4.0);
  await snapshotAt(t.db, hotelB.id, noonOf(today), 10, 2.5);
}, 120_000);

describe('GET /dashboard/superadmin/charts', () => {
  it('has scans and redemptions for each of the last 30 days, as GROUP BY counts them', async () => {
    const res = await t.request('GET', '/api/dashboard/superadmin/charts', { token: tokens.superadmin });
    expect(res.status).toBe(200);
    const days = res.body.days as { day: string; scans: number; redemptions: number }[];
    expect(days.map((d) => d.day)).toEqual(Array.from({ length: 30 }, (_, i) => addDays(today, i - 29)));
    const scans = rowsOf<{ day: string; n: number }>(
      await t.db.execute(sql`select ((scan_date at time zone ${TZ})::date)::text as day, count(*)::int as n
        from customer_scans group by 1`),
    );
    const redemptions = rowsOf<{ day: string; n: number }>(
      await t.db.execute(sql`select ((redeemed_at at time zone ${TZ})::date)::text as day, count(*)::int as n
        from coupons where is_redeemed group by 1`),
    );
    const count = (rows: { day: string; n: number }[], day: string) => Number(rows.find((r) => r.day === day)?.n ?? 0);
    for (const d of days) {
      expect(d.scans, d.day).toBe(count(scans, d.day));
      expect(d.redemptions, d.day).toBe(count(redemptions, d.day));
    }
    expect(days.at(-1)).toEqual({ day: today, scans: 2, redemptions: 1 });
    expect(days.find((d) => d.day === addDays(today, -3))).toMatchObject({ scans: 2, redemptions: 2 });
    expect(days[0]).toMatchObject({ scans: 1, redemptions: 0 });
  });

  it('has revenue for each of the last 12 months, as GROUP BY sums the payments', async () => {
    const res = await t.request('GET', '/api/dashboard/superadmin/charts', { token: tokens.admin });
    const months = res.body.revenue_months as { month: string; revenue: number }[];
    expect(months.map((m) => m.month)).toEqual(lastMonths(monthOf(today), 12).reverse());
    const sums = rowsOf<{ month: string; amount: number }>(
      await t.db
        .execute(sql`select to_char(paid_at at time zone ${TZ}, 'YYYY-MM') as month, sum(amount)::float8 as amount
        from subscription_periods group by 1`),
    );
    for (const m of months)
      expect(m.revenue, m.month).toBeCloseTo(Number(sums.find((s) => s.month === m.month)?.amount ?? 0), 2);
    expect(months.at(-1)!.revenue).toBe(2200.5);
    expect(months[0]!.revenue).toBe(250.25);
  });

  it('shows a manager the days but no revenue; hotels and merchants are refused', async () => {
    const res = await t.request('GET', '/api/dashboard/superadmin/charts', { token: tokens.manager });
    expect(res.status).toBe(200);
    expect(res.body.days).toHaveLength(30);
    expect(res.body.revenue_months).toBeNull();
    expect((await t.request('GET', '/api/dashboard/superadmin/charts', { token: tokens.hotel })).status).toBe(403);
    expect((await t.request('GET', '/api/dashboard/superadmin/charts', { token: tokens.merchant })).status).toBe(403);
    expect((await t.request('GET', '/api/dashboard/superadmin/charts')).status).toBe(401);
  });
});

describe('GET /reviews/hotel-details/{hotelId}/ratings', () => {
  it("has the first and last snapshot of each of the hotel's last 12 months, as SQL finds them", async () => {
    const res = await t.request('GET', `/api/reviews/hotel-details/${hotelId}/ratings`, { token: tokens.manager });
    expect(res.status).toBe(200);
    expect(res.body.hotel_name).toBe('Hotel Zoë');
    const months = res.body.months as {
      month: string;
      first_rating: number | null;
      last_rating: number | null;
      total_reviews: number | null;
    }[];
    expect(months.map((m) => m.month)).toEqual(lastMonths(monthOf(today), 12).reverse());
    const byMonth = (order: 'asc' | 'desc') =>
      t.db.execute(sql`
        select distinct on (month) month, rating::float8 as rating, total_reviews from (
          select to_char(fetched_at at time zone ${TZ}, 'YYYY-MM') as month, rating, total_reviews, fetched_at, id
          from review_snapshots where hotel_id = ${hotelId}) s
        order by month, fetched_at ${sql.raw(order)}, id ${sql.raw(order)}`);
    type Pick = { month: string; rating: number | null; total_reviews: number | null };
    const firsts = rowsOf<Pick>(await byMonth('asc'));
    const lasts = rowsOf<Pick>(await byMonth('desc'));
    for (const m of months) {
      const first = firsts.find((f) => f.month === m.month);
      const last = lasts.find((l) => l.month === m.month);
      expect(m.first_rating, m.month).toBe(first ? Number(first.rating) : null);
      expect(m.last_rating, m.month).toBe(last ? Number(last.rating) : null);
      expect(m.total_reviews, m.month).toBe(last ? Number(last.total_reviews) : null);
    }
    expect(months.at(-1)).toMatchObject({ first_rating: 4.1, last_rating: 4.3, total_reviews: 110 });
    expect(months.at(-2)).toMatchObject({ first_rating: 4, last_rating: 4, total_reviews: 95 });
    expect(months.filter((m) => m.last_rating !== null)).toHaveLength(3);
  });

  it('answers 404 for an unknown or archived hotel and refuses hotels and merchants', async () => {
    await archiveHotel(t.db, archivedId);
    const missing = await t.request('GET', `/api/reviews/hotel-details/${crypto.randomUUID()}/ratings`, {
      token: tokens.superadmin,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('Hotel not found');
    expect(
      (await t.request('GET', `/api/reviews/hotel-details/${archivedId}/ratings`, { token: tokens.admin })).status,
    ).toBe(404);
    expect(
      (await t.request('GET', `/api/reviews/hotel-details/not-a-uuid/ratings`, { token: tokens.admin })).status,
    ).toBe(422);
    expect(
      (await t.request('GET', `/api/reviews/hotel-details/${hotelId}/ratings`, { token: tokens.hotel })).status,
    ).toBe(403);
    expect(
      (await t.request('GET', `/api/reviews/hotel-details/${hotelId}/ratings`, { token: tokens.merchant })).status,
    ).toBe(403);
  });
});
