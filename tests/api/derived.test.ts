import { spawnSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rebuildDerived, syncBusinessTimeZone } from '../../src/server/db/derived';
import { foldCouponCounts } from '../../src/server/db/folded-counts';
import { rowsOf } from '../../src/server/db/rows';
import { keepFunnelSummaries } from '../../src/server/modules/funnel/funnel.summaries';
import { addDays, addMonthsToMonth, monthOf, todayIn } from '../../src/shared/dates';
import { useTestContext, type TestContext } from '../support';
import { hotelReviewDetails } from '../../src/server/modules/reviews/reviews.service';
import { hotelAt, merchantAt, offerOf, scanAt, snapshotAt } from '../support/insight-factories';
import { seededRandom } from '../support/seeded-random';

/**
 * The derived tables (hotel_daily_stats, hotel_stats, merchant_stats; docs/DATA.md) must always equal a fresh
 * GROUP BY over the base tables, whatever mix of API calls and plain SQL changed them, and a rebuild from the base
 * tables must give the same figures as the triggers.
 */

type Row = Record<string, string | number>;

/** What the derived tables should hold, computed here independently of the triggers and of rebuildDerived. */
async function expectedFigures(db: TestContext['db'], timeZone: string) {
  const day = (column: string) => sql.raw(`(${column} at time zone '${timeZone}')::date::text`);
  const daily = rowsOf<Row>(
    await db.execute(sql`
      select hotel_id::text, day, sum(scans)::int as scans, sum(coupons)::int as coupons, sum(redemptions)::int as redemptions from (
        select s.hotel_id, ${day('s.scan_date')} as day, 1 as scans, 0 as coupons, 0 as redemptions from customer_scans s
        union all
        select s.hotel_id, ${day('s.scan_date')}, 0, 1, 0 from coupons c join customer_scans s on s.id = c.scan_id
        union all
        select s.hotel_id, ${day('coalesce(c.redeemed_at, c.created_at)')}, 0, 0, 1
          from coupons c join customer_scans s on s.id = c.scan_id where c.is_redeemed
      ) x group by 1, 2 order by 1, 2`),
  );
  const totals = rowsOf<Row>(
    await db.execute(sql`
      select s.hotel_id::text, count(distinct s.id)::int as scans, count(c.id)::int as coupons,
        count(c.id) filter (where c.is_redeemed)::int as redemptions, coalesce(sum(c.bill_amount), 0)::float8 as spend
      from customer_scans s left join coupons c on c.scan_id = s.id group by 1 order by 1`),
  );
  const merchants = rowsOf<Row>(
    await db.execute(sql`
      select merchant_id::text, count(*)::int as coupons, count(*) filter (where is_redeemed)::int as redemptions
      from coupons group by 1 order by 1`),
  );
  // Per location: the hotel's location now.
  const locations: Row[] = [];
  const byLocationDay = new Map<string, Row>();
  const hotelLocation = new Map(
    rowsOf<{ id: string; location_id: number }>(await db.execute(sql`select id::text, location_id from hotels`)).map(
      (h) => [h.id, h.location_id],
    ),
  );
  for (const row of daily) {
    const key = `${hotelLocation.get(String(row.hotel_id))}|${row.day}`;
    const sum = byLocationDay.get(key) ?? {
      location_id: hotelLocation.get(String(row.hotel_id))!,
      day: row.day!,
      scans: 0,
      coupons: 0,
      redemptions: 0,
    };
    for (const field of ['scans', 'coupons', 'redemptions']) sum[field] = Number(sum[field]) + Number(row[field]);
    byLocationDay.set(key, sum);
  }
  locations.push(
    ...[...byLocationDay.values()].sort(
      (a, b) => Number(a.location_id) - Number(b.location_id) || String(a.day).localeCompare(String(b.day)),
    ),
  );
  const hotelMerchants = rowsOf<Row>(
    await db.execute(sql`
      select s.hotel_id::text, c.merchant_id::text, count(*)::int as redemptions
      from coupons c join customer_scans s on s.id = c.scan_id where c.is_redeemed group by 1, 2 order by 1, 2`),
  );
  const revenue = rowsOf<Row>(
    await db.execute(sql`
      select h.location_id, ${sql.raw(`date_trunc('month', sp.paid_at at time zone '${timeZone}')::date::text`)} as month,
        sum(sp.amount)::float8 as amount, count(*)::int as payments
      from subscription_periods sp join hotels h on h.id = sp.hotel_id group by 1, 2 order by 1, 2`),
  );
  // Per offer and business month: issued by the voucher's issue time, redemptions and bills by the redemption's.
  const month = (column: string) => sql.raw(`date_trunc('month', ${column} at time zone '${timeZone}')::date::text`);
  const offerMonths = rowsOf<Row>(
    await db.execute(sql`
      select offer_id::text, month, sum(issued)::int as issued, sum(redeemed)::int as redeemed,
        sum(bill)::float8 as bill_total, sum(bills)::int as bills_entered from (
        select offer_id, ${month('created_at')} as month, 1 as issued, 0 as redeemed, 0::numeric as bill, 0 as bills
          from coupons
        union all
        select offer_id, ${month('coalesce(redeemed_at, created_at)')}, 0, case when is_redeemed then 1 else 0 end,
          coalesce(bill_amount, 0), case when bill_amount is null then 0 else 1 end
          from coupons where is_redeemed or bill_amount is not null
      ) x group by 1, 2
      having sum(issued) <> 0 or sum(redeemed) <> 0 or sum(bill) <> 0 or sum(bills) <> 0 order by 1, 2`),
  );
  // The funnel per hotel, card and day: events from funnel_events, issued = scans, redeemed = scans with a redeemed
  // voucher, both on the scan's day.
  const funnel = rowsOf<Row>(
    await db.execute(sql`
      select hotel_id::text, coalesce(placement_id::text, '-') as placement_id, day, sum(opens)::int as opens,
        sum(details)::int as details, sum(issued)::int as issued, sum(redeemed)::int as redeemed,
        sum(review_taps)::int as review_taps, sum(shares)::int as shares from (
        select hotel_id, placement_id, day::text as day, (kind = 'page_open')::int as opens,
          (kind = 'details_entered')::int as details, 0 as issued, 0 as redeemed, (kind = 'review_tap')::int as review_taps,
          (kind = 'share')::int as shares from funnel_events
        union all
        select s.hotel_id, s.placement_id, ${day('s.scan_date')}, 0, 0, 1,
          (exists (select 1 from coupons c where c.scan_id = s.id and c.is_redeemed))::int, 0, 0 from customer_scans s
      ) x group by 1, 2, 3 order by 1, 2, 3`),
  );
  // Each hotel's first and last snapshot per business month, by fetched_at then id (docs/DATA.md "Review months").
  const reviewMonths = rowsOf<Row>(
    await db.execute(sql`
      select hotel_id::text, month,
        (array_agg(fetched_at::text order by fetched_at, id))[1] as first_at,
        (array_agg(total_reviews order by fetched_at, id))[1] as first_total,
        (array_agg(rating::float8 order by fetched_at, id))[1] as first_rating,
        (array_agg(fetched_at::text order by fetched_at desc, id desc))[1] as last_at,
        (array_agg(total_reviews order by fetched_at desc, id desc))[1] as last_total,
        (array_agg(rating::float8 order by fetched_at desc, id desc))[1] as last_rating
      from (select *, ${month('fetched_at')} as month from review_snapshots) s group by 1, 2 order by 1, 2`),
  );
  return {
    daily,
    totals,
    merchants,
    locations,
    revenue,
    hotelMerchants,
    offerMonths,
    funnel,
    reviewMonths,
    ...(await expectedFunnelSummaries(db, funnel)),
  };
}

/**
 * The funnel's summaries (docs/DATA.md "Funnel summaries") from the recounted funnel rows: each hotel, card and day
 * as readers take it (opens at least details and issued, details at least issued), per the hotel's location now and
 * day through 'funnel_location_days_through'; each hotel's falling periods for 'funnel_fall_windows'.
 */
async function expectedFunnelSummaries(db: TestContext['db'], funnel: Row[]) {
  const settings = new Map(
    rowsOf<{ key: string; value: string }>(
      await db.execute(sql`
        select key, value from app_settings where key in ('funnel_location_days_through', 'funnel_fall_windows')`),
    ).map((row) => [row.key, row.value]),
  );
  const locationOf = new Map(
    rowsOf<{ id: string; location_id: number }>(await db.execute(sql`select id::text, location_id from hotels`)).map(
      (row) => [row.id, row.location_id],
    ),
  );
  const through = settings.get('funnel_location_days_through') ?? '';
  const [windowEnd = '', windowDays = '0'] = (settings.get('funnel_fall_windows') ?? '').split('/');
  const lastFrom = addDays(windowEnd || '2000-01-01', 2 - Number(windowDays));
  const previousFrom = addDays(lastFrom, -Number(windowDays));
  const figures = ['opens', 'details', 'issued', 'redeemed', 'review_taps', 'shares'] as const;
  const byLocationDay = new Map<string, Row>();
  const byHotel = new Map<string, Row>();
  for (const row of funnel) {
    const day = String(row.day);
    const taken = {
      opens: Math.max(Number(row.opens), Number(row.details), Number(row.issued)),
      details: Math.max(Number(row.details), Number(row.issued)),
      issued: Number(row.issued),
      redeemed: Number(row.redeemed),
      review_taps: Number(row.review_taps),
      shares: Number(row.shares),
    };
    if (day <= through) {
      const locationId = locationOf.get(String(row.hotel_id))!;
      const sum = byLocationDay.get(`${locationId}|${day}`) ?? { location_id: locationId, day };
      for (const figure of figures) sum[figure] = Number(sum[figure] ?? 0) + taken[figure];
      byLocationDay.set(`${locationId}|${day}`, sum);
    }
    if (windowEnd && day >= previousFrom && day <= windowEnd) {
      const sum = byHotel.get(String(row.hotel_id)) ?? {
        hotel_id: String(row.hotel_id),
        previous_opens: 0,
        previous_issued: 0,
        last_opens: 0,
        last_issued: 0,
      };
      const period = day < lastFrom ? 'previous' : 'last';
      sum[`${period}_opens`] = Number(sum[`${period}_opens`]) + taken.opens;
      sum[`${period}_issued`] = Number(sum[`${period}_issued`]) + taken.issued;
      byHotel.set(String(row.hotel_id), sum);
    }
  }
  const nonZero = (row: Row, names: readonly string[]) => names.some((name) => Number(row[name]) !== 0);
  return {
    funnelLocations: [...byLocationDay.values()]
      .filter((row) => nonZero(row, figures))
      .sort((a, b) => Number(a.location_id) - Number(b.location_id) || String(a.day).localeCompare(String(b.day))),
    funnelWindows: [...byHotel.values()]
      .filter((row) => nonZero(row, ['previous_opens', 'previous_issued', 'last_opens', 'last_issued']))
      .sort((a, b) => String(a.hotel_id).localeCompare(String(b.hotel_id))),
  };
}

/** The derived tables as they are, summed over their shards (rows that add up to nothing are the same as no row). */
async function derivedFigures(db: TestContext['db']) {
  // Redemptions not yet folded into the counters are counted first (docs/DATA.md "Folded counts").
  await foldCouponCounts(db);
  const daily = rowsOf<Row>(
    await db.execute(sql`
      select hotel_id::text, day::text, sum(scans)::int as scans, sum(coupons)::int as coupons,
        sum(redemptions)::int as redemptions from hotel_daily_stats group by 1, 2
      having sum(scans) <> 0 or sum(coupons) <> 0 or sum(redemptions) <> 0 order by 1, 2`),
  );
  const totals = rowsOf<Row>(
    await db.execute(sql`
      select hotel_id::text, sum(scans)::int as scans, sum(coupons)::int as coupons,
        sum(redemptions)::int as redemptions, sum(spend)::float8 as spend from hotel_stats group by 1
      having sum(scans) <> 0 or sum(coupons) <> 0 or sum(redemptions) <> 0 or sum(spend) <> 0 order by 1`),
  );
  const merchants = rowsOf<Row>(
    await db.execute(sql`
      select merchant_id::text, sum(coupons)::int as coupons, sum(redemptions)::int as redemptions from merchant_stats
      group by 1 having sum(coupons) <> 0 or sum(redemptions) <> 0 order by 1`),
  );
  const locations = rowsOf<Row>(
    await db.execute(sql`
      select location_id, day::text, sum(scans)::int as scans, sum(coupons)::int as coupons,
        sum(redemptions)::int as redemptions from location_daily_stats group by 1, 2
      having sum(scans) <> 0 or sum(coupons) <> 0 or sum(redemptions) <> 0 order by 1, 2`),
  );
  const hotelMerchants = rowsOf<Row>(
    await db.execute(sql`
      select hotel_id::text, merchant_id::text, sum(redemptions)::int as redemptions from hotel_merchant_stats
      group by 1, 2 having sum(redemptions) <> 0 order by 1, 2`),
  );
  const revenue = rowsOf<Row>(
    await db.execute(sql`
      select location_id, month::text, amount::float8 as amount, payments from location_monthly_revenue
      where payments <> 0 or amount <> 0 order by 1, 2`),
  );
  const offerMonths = rowsOf<Row>(
    await db.execute(sql`
      select offer_id::text, month::text, sum(issued)::int as issued, sum(redeemed)::int as redeemed,
        sum(bill_total)::float8 as bill_total, sum(bills_entered)::int as bills_entered from offer_monthly_stats
      group by 1, 2 having sum(issued) <> 0 or sum(redeemed) <> 0 or sum(bill_total) <> 0 or sum(bills_entered) <> 0
      order by 1, 2`),
  );
  const funnel = rowsOf<Row>(
    await db.execute(sql`
      select hotel_id::text, coalesce(placement_id::text, '-') as placement_id, day::text, sum(opens)::int as opens,
        sum(details)::int as details, sum(issued)::int as issued, sum(redeemed)::int as redeemed,
        sum(review_taps)::int as review_taps, sum(shares)::int as shares from funnel_daily_stats group by 1, 2, 3
      having sum(opens) <> 0 or sum(details) <> 0 or sum(issued) <> 0 or sum(redeemed) <> 0 or sum(review_taps) <> 0
        or sum(shares) <> 0
      order by 1, 2, 3`),
  );
  const reviewMonths = rowsOf<Row>(
    await db.execute(sql`
      select hotel_id::text, month::text, first_at::text, first_total, first_rating::float8 as first_rating,
        last_at::text, last_total, last_rating::float8 as last_rating
      from hotel_review_months order by 1, 2`),
  );
  const funnelLocations = rowsOf<Row>(
    await db.execute(sql`
      select location_id, day::text, opens, details, issued, redeemed, review_taps, shares from funnel_location_days
      where (opens, details, issued, redeemed, review_taps, shares) <> (0, 0, 0, 0, 0, 0) order by 1, 2`),
  );
  const funnelWindows = rowsOf<Row>(
    await db.execute(sql`
      select hotel_id::text, previous_opens, previous_issued, last_opens, last_issued from funnel_hotel_windows
      where (previous_opens, previous_issued, last_opens, last_issued) <> (0, 0, 0, 0) order by 1`),
  );
  return {
    daily,
    totals,
    merchants,
    locations,
    revenue,
    hotelMerchants,
    offerMonths,
    funnel,
    reviewMonths,
    funnelLocations,
    funnelWindows,
  };
}

describe('derived tables stay true', () => {
  const ctx = useTestContext();

  it('match a fresh GROUP BY after random scans, coupons, redemptions, undos, moves, renewals and deletions', async () => {
    const random = seededRandom(20261122);
    const today = todayIn(ctx.config.timeZone);
    const superadmin = await ctx.tokenAs('superadmin');
    const locations = [await ctx.createLocation(), await ctx.createLocation()];
    // The funnel's summaries made now (through yesterday), so every write below to a closed day has to keep them.
    expect((await keepFunnelSummaries(ctx.db)).locationDaysThrough).toBe(addDays(today, -1));
    const hotels: Awaited<ReturnType<typeof hotelAt>>[] = [];
    for (const [i, location] of [0, 0, 1].map((l) => locations[l]!).entries()) {
      hotels.push(
        await hotelAt(ctx.db, location.id, '2026-01-01T00:00:00Z', {
          name: `Derived Hotel ${i}`,
          subscriptionEnd: addDays(today, 300),
        }),
      );
    }
    const merchants: { merchant: Awaited<ReturnType<typeof merchantAt>>; token: string }[] = [];
    const offers: (Awaited<ReturnType<typeof offerOf>> & { locationId: number })[] = [];
    for (const location of [locations[0]!, locations[0]!, locations[1]!]) {
      const merchant = await merchantAt(ctx.db, location.id, '2026-01-01T00:00:00Z');
      merchants.push({
        merchant,
        token: await ctx.ownerToken('merchant', merchant.id),
      });
      offers.push({
        ...(await offerOf(ctx.db, merchant.id, { validityFrom: '2025-01-01', validityTo: addDays(today, 400) })),
        locationId: location.id,
      });
      offers.push({
        ...(await offerOf(ctx.db, merchant.id, { validityFrom: '2025-01-01', validityTo: addDays(today, 400) })),
        locationId: location.id,
      });
    }
    const offersAt = (hotel: (typeof hotels)[number]) =>
      offers.filter((offer) => offer.locationId === hotel.locationId);
    // Instants around the business-day boundary (18:30Z is midnight in Asia/Kolkata) and across months.
    const instant = () => {
      const dayNumber = 1 + random.int(27);
      const minutes = 18 * 60 + random.int(60);
      const month = 1 + random.int(11);
      return `2026-${String(month).padStart(2, '0')}-${String(dayNumber).padStart(2, '0')}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00Z`;
    };

    let mobile = 9000000100;
    let apiScans = 0;
    for (let step = 0; step < 120; step++) {
      const action = random.int(9);
      if (action <= 1 && apiScans < 25) {
        // A guest's scan through the API (today), one to three vouchers.
        const hotel = random.pick(hotels);
        const choice = offersAt(hotel)
          .slice(0, 1 + random.int(3))
          .map((offer) => offer.id);
        const res = await ctx.request('POST', '/api/customer-scans', {
          json: {
            hotel_id: hotel.id,
            customer_name: 'Api Guest',
            mobile_number: String(mobile++),
            checkout_date: addDays(today, 2),
            consent: true,
            selected_offers: choice,
          },
        });
        expect(res.status).toBe(201);
        apiScans++;
      } else if (action <= 3) {
        // A scan written by plain SQL at any instant, some coupons already redeemed.
        const hotel = random.pick(hotels);
        const picks = offersAt(hotel).slice(0, 1 + random.int(3));
        await scanAt(ctx.db, {
          hotelId: hotel.id,
          scanDate: instant(),
          mobile: String(mobile++),
          coupons: picks.map((offer) => ({ offer, redeemed: random.next() < 0.3 })),
        });
      } else if (action === 4 && random.next() < 0.3) {
        // A voucher issued at another instant by hand: its issue moves to that month (per-offer results).
        await ctx.db.execute(sql`
          update coupons set created_at = ${instant()}::timestamptz
          where id = (select id from coupons order by random() limit 1)`);
      } else if (action === 4) {
        // A redemption through the API by the coupon's merchant.
        const [coupon] = rowsOf<{ code: string; merchant_id: string }>(
          await ctx.db.execute(
            sql`select code, merchant_id from coupons where not is_redeemed order by random() limit 1`,
          ),
        );
        if (!coupon) continue;
        const token = merchants.find((m) => m.merchant.id === coupon.merchant_id)!.token;
        const res = await ctx.request('POST', '/api/merchant/redeem-voucher', {
          token,
          json: { voucher_code: coupon.code },
        });
        expect(res.status).toBe(200);
      } else if (action === 5 && random.next() < 0.4) {
        // A bill amount entered, corrected or cleared (guest spend at partners).
        await ctx.db.execute(sql`
          update coupons set bill_amount = ${random.next() < 0.2 ? null : 50 + random.int(5000) / 4}
          where id = (select id from coupons order by random() limit 1)`);
      } else if (action === 5) {
        // Redeemed or un-redeemed by hand at another instant.
        await ctx.db.execute(sql`
          update coupons set is_redeemed = not is_redeemed, redeemed_at = case when is_redeemed then null else ${instant()}::timestamptz end
          where id = (select id from coupons order by random() limit 1)`);
      } else if (action === 6) {
        // Deletions: a coupon, or a whole scan with its coupons.
        if (random.next() < 0.5)
          await ctx.db.execute(sql`delete from coupons where id = (select id from coupons order by random() limit 1)`);
        else {
          await ctx.db.transaction(async (tx) => {
            const [scan] = rowsOf<{ id: string }>(
              await tx.execute(sql`select id from customer_scans order by random() limit 1`),
            );
            if (!scan) return;
            await tx.execute(sql`delete from coupons where scan_id = ${scan.id}`);
            await tx.execute(sql`delete from customer_scans where id = ${scan.id}`);
          });
        }
      } else if (action === 7 && random.next() < 0.2) {
        // A hotel moved to the other location through the API: its counted days move with it.
        const hotel = random.pick(hotels.slice(0, 2));
        const current = await ctx.request('GET', `/api/hotels/${hotel.id}`, { token: superadmin });
        const target = locations.find((l) => l.id !== current.body.location_id)!;
        await ctx.db.execute(sql`update hotels set location_id = ${target.id} where id = ${hotel.id}`);
        hotel.locationId = target.id;
      } else if (action === 7) {
        // A scan moved to another hotel and instant (never done by the app; the triggers must still follow).
        await ctx.db.execute(sql`
          update customer_scans set hotel_id = ${random.pick(hotels).id}, scan_date = ${instant()}::timestamptz
          where id = (select id from customer_scans order by random() limit 1)`);
      } else if (action === 8 && random.next() < 0.5) {
        // A payment corrected or removed by hand: the monthly revenue follows.
        if (random.next() < 0.7)
          await ctx.db.execute(sql`
            update subscription_periods set amount = amount + ${random.int(500)}, paid_at = ${instant()}::timestamptz
            where id = (select id from subscription_periods order by random() limit 1)`);
        else
          await ctx.db.execute(
            sql`delete from subscription_periods where id = (select id from subscription_periods order by random() limit 1)`,
          );
      } else {
        // A renewal through the API (its payment counts in the monthly revenue).
        const hotel = random.pick(hotels);
        const durations = await ctx.request('GET', '/api/subscription-durations', { token: superadmin });
        const res = await ctx.request('POST', `/api/hotels/${hotel.id}/renew`, {
          token: superadmin,
          json: { subscription_duration_id: durations.body[0].id, subscription_revenue: 1000 },
        });
        expect(res.status, res.text).toBeLessThan(300);
      }
    }
    // A burst at once, as at a busy hour: guests at every hotel and redemptions at every counter, which go to the
    // database in batches, several writes in one statement (docs/DATA.md "Writes in batches").
    const burstGuests = hotels.map((hotel) => ({
      hotel_id: hotel.id,
      customer_name: 'Burst Guest',
      mobile_number: String(mobile++),
      checkout_date: addDays(today, 2),
      consent: true,
      selected_offers: offersAt(hotel)
        .slice(0, 2)
        .map((offer) => offer.id),
    }));
    const burstCodes = rowsOf<{ code: string; merchant_id: string }>(
      await ctx.db.execute(sql`select code, merchant_id from coupons where not is_redeemed order by code limit 12`),
    );
    const burst = await Promise.all([
      ...burstGuests.map((json) => ctx.request('POST', '/api/customer-scans', { json })),
      ...burstCodes.map((coupon) =>
        ctx.request('POST', '/api/merchant/redeem-voucher', {
          token: merchants.find((m) => m.merchant.id === coupon.merchant_id)!.token,
          json: { voucher_code: coupon.code },
        }),
      ),
    ]);
    expect(burst.map((res) => res.status)).toEqual([...burstGuests.map(() => 201), ...burstCodes.map(() => 200)]);
    expect(burstCodes.length).toBeGreaterThan(5);
    // The funnel (docs/DATA.md "Funnel"): events on random days and cards, scans moved between cards, and one
    // scan's vouchers redeemed or undone together by one statement (the "at least one redeemed" counted once).
    const funnelRandom = seededRandom(20271126);
    const cards: (string | null)[] = [null];
    for (const label of ['Lobby', 'Pool']) {
      const [card] = rowsOf<{ id: string }>(
        await ctx.db.execute(
          sql`insert into placements (hotel_id, label, kind) values (${hotels[0]!.id}, ${label}, 'single') returning id`,
        ),
      );
      cards.push(card!.id);
    }
    const kinds = ['page_open', 'details_entered', 'review_tap', 'share'];
    for (let step = 0; step < 80; step++) {
      const action = funnelRandom.int(4);
      if (action <= 1) {
        const card = funnelRandom.pick(cards);
        const hotelId = card ? hotels[0]!.id : funnelRandom.pick(hotels).id;
        await ctx.db.execute(sql`
          insert into funnel_events (hotel_id, placement_id, day, kind)
          values (${hotelId}, ${card}, ${instant().slice(0, 10)}::date, ${funnelRandom.pick(kinds)})`);
      } else if (action === 2) {
        await ctx.db.execute(sql`
          update customer_scans set placement_id = ${funnelRandom.pick(cards)}, hotel_id = ${hotels[0]!.id}
          where id = (select id from customer_scans order by random() limit 1)`);
      } else {
        await ctx.db.execute(sql`
          update coupons set is_redeemed = ${funnelRandom.next() < 0.6},
            redeemed_at = case when ${funnelRandom.next() < 0.6} then ${instant()}::timestamptz end
          where scan_id = (select scan_id from coupons group by scan_id order by count(*) desc, random() limit 1)`);
      }
    }
    // Google snapshots (docs/DATA.md "Review months"): inserted at instants around the business month's edge, some at
    // the same instant (the id breaks the tie), some with no figures; then deleted, moved to another instant or hotel,
    // or corrected by hand.
    const reviewRandom = seededRandom(20261127);
    for (let step = 0; step < 60; step++) {
      const action = reviewRandom.int(6);
      if (action <= 2) {
        // The last day of a month from 18:00Z: before and after midnight in Asia/Kolkata, the month's edge.
        const at = instant().replace(/(\d\d)-\d\dT/, (_, month: string) =>
          reviewRandom.next() < 0.5
            ? `${month}-${new Date(Date.UTC(2026, Number(month), 0)).getUTCDate()}T`
            : `${month}-15T`,
        );
        for (let copies = reviewRandom.next() < 0.2 ? 2 : 1; copies > 0; copies--)
          await snapshotAt(
            ctx.db,
            reviewRandom.pick(hotels).id,
            at,
            reviewRandom.next() < 0.1 ? null : 100 + reviewRandom.int(400),
            reviewRandom.next() < 0.1 ? null : 3 + reviewRandom.int(20) / 10,
          );
      } else if (action === 3) {
        await ctx.db.execute(
          sql`delete from review_snapshots where id = (select id from review_snapshots order by random() limit 1)`,
        );
      } else if (action === 4) {
        await ctx.db.execute(sql`
          update review_snapshots set fetched_at = ${instant()}::timestamptz,
            hotel_id = coalesce(${reviewRandom.next() < 0.3 ? reviewRandom.pick(hotels).id : null}::uuid, hotel_id)
          where id = (select id from review_snapshots order by random() limit 1)`);
      } else {
        await ctx.db.execute(sql`
          update review_snapshots set total_reviews = ${reviewRandom.int(500)}, rating = ${3 + reviewRandom.int(20) / 10}
          where id = (select id from review_snapshots order by random() limit 1)`);
      }
    }
    // An archived hotel keeps its history in the counters.
    const deleted = await ctx.request('DELETE', `/api/hotels/${hotels[2]!.id}`, { token: superadmin });
    expect(deleted.status, deleted.text).toBeLessThan(300);

    // One payment corrected into February by hand, so the revenue has more than one month whatever the random
    // moves and deletions left (all hotels in one location, every payment this month).
    await ctx.db.execute(sql`
      update subscription_periods set paid_at = '2026-02-10T06:00:00Z'
      where id = (select id from subscription_periods where paid_at >= '2026-03-01' order by id limit 1)`);
    // And one bill entered on a redeemed voucher: the random run's bills land on coupons chosen by SQL's unseeded
    // random(), which a later random deletion could all remove (the check below then failed now and then).
    await ctx.db.execute(sql`
      update coupons set bill_amount = 480 where id = (select id from coupons where is_redeemed order by id limit 1)`);
    const expected = await expectedFigures(ctx.db, ctx.config.timeZone);
    expect(expected.daily.length).toBeGreaterThan(10);
    expect(expected.revenue.length).toBeGreaterThan(1);
    expect(expected.offerMonths.length).toBeGreaterThan(10);
    expect(expected.offerMonths.some((row) => Number(row.bills_entered) > 0)).toBe(true);
    expect(expected.funnel.filter((row) => row.placement_id !== '-').length).toBeGreaterThan(2);
    expect(expected.reviewMonths.length).toBeGreaterThan(10);
    expect(expected.funnelLocations.length).toBeGreaterThan(10);
    expect(expected.funnelWindows.length).toBeGreaterThan(0);
    for (const figure of ['opens', 'details', 'issued', 'redeemed', 'review_taps', 'shares'])
      expect(
        expected.funnel.some((row) => Number(row[figure]) > 0),
        figure,
      ).toBe(true);
    expect(await derivedFigures(ctx.db)).toEqual(expected);

    // A rebuild from the base tables gives exactly what the triggers kept.
    await rebuildDerived(ctx.db);
    expect(await derivedFigures(ctx.db)).toEqual(expected);
  });

  it('rows loaded by plain SQL with the triggers off are counted by a rebuild', async () => {
    const location = await ctx.createLocation();
    const hotel = await hotelAt(ctx.db, location.id, '2026-01-01T00:00:00Z');
    const merchant = await merchantAt(ctx.db, location.id, '2026-01-01T00:00:00Z');
    const offer = await offerOf(ctx.db, merchant.id);
    await ctx.db.transaction(async (tx) => {
      // What a bulk load does: no trigger fires for these rows.
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`
        insert into customer_scans (hotel_id, customer_name, mobile_number, checkout_date, scan_date)
        select ${hotel.id}, 'Bulk Guest ' || n, (8000000000 + n)::text, '2026-05-01', '2026-04-01T10:00:00Z'::timestamptz + n * interval '7 hours'
        from generate_series(1, 200) n`);
      await tx.execute(sql`
        insert into coupons (scan_id, offer_id, merchant_id, code, is_redeemed, redeemed_at, bill_amount)
        select s.id, ${offer.id}, ${merchant.id}, 'B' || lpad(row_number() over (order by s.id)::text, 7, '0'),
          row_number() over (order by s.id) % 3 = 0, case when row_number() over (order by s.id) % 3 = 0 then s.scan_date + interval '20 hours' end,
          case when row_number() over (order by s.id) % 3 = 0 then 250.5 end
        from customer_scans s where s.hotel_id = ${hotel.id}`);
      await tx.execute(sql`
        insert into subscription_periods (hotel_id, subscription_duration_id, from_date, to_date, amount, paid_at)
        select ${hotel.id}, (select min(id) from subscription_durations), '2026-01-01', '2026-12-31', 999.5 + n,
          '2026-01-15T20:00:00Z'::timestamptz + n * interval '11 days'
        from generate_series(1, 12) n`);
      await tx.execute(sql`
        insert into review_snapshots (hotel_id, fetched_at, total_reviews, rating)
        select ${hotel.id}, '2026-01-31T18:00:00Z'::timestamptz + n * interval '13 hours', 100 + n, 3.5 + (n % 10) / 10.0
        from generate_series(1, 90) n`);
      await tx.execute(sql`
        insert into funnel_events (hotel_id, day, kind)
        select ${hotel.id}, '2026-04-01'::date + n % 9, (array['page_open', 'details_entered', 'review_tap', 'share'])[1 + n % 4]
        from generate_series(1, 50) n`);
    });
    const expected = await expectedFigures(ctx.db, ctx.config.timeZone);
    expect(await derivedFigures(ctx.db)).not.toEqual(expected);

    if (ctx.config.databaseUrl) {
      // The operator's command, as documented: npm run db:rebuild-derived with DATABASE_URL.
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/db-rebuild-derived.ts'], {
        env: { ...process.env, DATABASE_URL: ctx.config.databaseUrl, APP_TIMEZONE: ctx.config.timeZone },
        encoding: 'utf8',
      });
      expect(run.status, run.stderr).toBe(0);
    } else {
      await rebuildDerived(ctx.db);
    }
    expect(await derivedFigures(ctx.db)).toEqual(expected);
  });

  it('a new business time zone re-buckets the days', async () => {
    await syncBusinessTimeZone(ctx.db, 'America/New_York');
    expect(await derivedFigures(ctx.db)).toEqual(await expectedFigures(ctx.db, 'America/New_York'));
    await syncBusinessTimeZone(ctx.db, ctx.config.timeZone);
    expect(await derivedFigures(ctx.db)).toEqual(await expectedFigures(ctx.db, ctx.config.timeZone));
  });

  it('Hotel Details for the current month from hotel_review_stats equals the figures read from the snapshots', async () => {
    const random = seededRandom(7);
    const location = await ctx.createLocation();
    const now = new Date();
    const hotels = [];
    for (let i = 0; i < 6; i++)
      hotels.push(await hotelAt(ctx.db, location.id, '2026-01-01T00:00:00Z', { googlePlaceId: `place-${i}` }));
    // Snapshots over the last 70 days, some today, some hotels none this month, one never fetched, null fields too.
    for (const [i, hotel] of hotels.slice(0, 5).entries()) {
      const days =
        i === 4 ? [40, 65] : [0, 0, 1, 3, 20, 35, 69].filter(() => random.next() < 0.8).concat(i === 0 ? [0] : []);
      let total = 100 + random.int(50);
      for (const ago of days.sort((a, b) => b - a)) {
        total += random.int(4);
        const at = new Date(now.getTime() - ago * 86_400_000 - random.int(6) * 3_600_000);
        await snapshotAt(
          ctx.db,
          hotel.id,
          at.toISOString(),
          random.next() < 0.1 ? null : total,
          random.next() < 0.1 ? null : 3.5 + random.int(15) / 10,
        );
      }
    }
    // A snapshot deleted and one moved in time: the trigger recomputes the hotel.
    await ctx.db.execute(
      sql`delete from review_snapshots where id = (select id from review_snapshots where hotel_id = ${hotels[1]!.id} order by fetched_at desc limit 1)`,
    );
    await ctx.db.execute(
      sql`update review_snapshots set fetched_at = fetched_at - interval '40 days' where id = (select id from review_snapshots where hotel_id = ${hotels[2]!.id} order by fetched_at desc limit 1)`,
    );

    const fromSnapshots = await hotelReviewDetails(
      ctx.db,
      ctx.config.timeZone,
      { location_id: location.id },
      now,
      'snapshots',
    );
    expect(fromSnapshots.filter((row) => row.totalReviews !== null).length).toBe(5);
    expect(await hotelReviewDetails(ctx.db, ctx.config.timeZone, { location_id: location.id }, now)).toEqual(
      fromSnapshots,
    );
    await rebuildDerived(ctx.db);
    expect(await hotelReviewDetails(ctx.db, ctx.config.timeZone, { location_id: location.id }, now)).toEqual(
      fromSnapshots,
    );
  });

  it('Hotel Details for any month from hotel_review_months equals the figures read from the snapshots', async () => {
    const random = seededRandom(18);
    const location = await ctx.createLocation();
    const now = new Date();
    const thisMonth = monthOf(todayIn(ctx.config.timeZone, now));
    const hotels = [];
    for (let i = 0; i < 7; i++)
      hotels.push(await hotelAt(ctx.db, location.id, '2024-01-01T00:00:00Z', { googlePlaceId: `place-${i}` }));
    // 20 months of snapshots: months with none, several in one, some on the month's edge in the business time zone
    // (within an hour either side of its first midnight), two at one instant, null figures; one hotel never fetched,
    // one only since last month.
    const snapshot = async (hotelId: string, month: string, minutes: number, total: number | null) =>
      ctx.db.execute(sql`
        insert into review_snapshots (hotel_id, fetched_at, total_reviews, rating)
        values (${hotelId}, (${`${month}-01`}::date::timestamp at time zone ${ctx.config.timeZone}) + ${minutes} * interval '1 minute',
          ${total}, ${random.next() < 0.1 ? null : 3 + random.int(20) / 10})`);
    for (const [i, hotel] of hotels.slice(0, 6).entries()) {
      let total = 100 + random.int(100);
      for (let ago = i === 5 ? 1 : 19; ago >= 0; ago--) {
        const month = addMonthsToMonth(thisMonth, -ago);
        const count = random.int(4);
        for (let k = 0; k < count; k++) {
          total += random.int(5);
          const edge = random.next() < 0.3;
          const minutes = edge ? random.int(120) - 60 : random.int(27 * 24 * 60);
          // This month's snapshots are all in the past (UTC midnight is after the month's start east of Greenwich).
          const at =
            ago === 0
              ? Math.min(minutes, Math.floor((now.getTime() - Date.parse(`${month}-01`)) / 60_000) - 1)
              : minutes;
          await snapshot(hotel.id, month, at, random.next() < 0.1 ? null : total);
          if (random.next() < 0.1) await snapshot(hotel.id, month, at, total + 1);
        }
      }
    }
    const months = Array.from({ length: 24 }, (_, i) => addMonthsToMonth(thisMonth, i - 21));
    const expectSameFigures = async () => {
      const rows = [];
      for (const month of months) {
        const query = { location_id: location.id, month };
        const fromSnapshots = await hotelReviewDetails(ctx.db, ctx.config.timeZone, query, now, 'snapshots');
        expect(await hotelReviewDetails(ctx.db, ctx.config.timeZone, query, now), month).toEqual(fromSnapshots);
        rows.push(...fromSnapshots);
      }
      return rows;
    };
    // The months compared are not all quiet: reviews gained and ratings changed within many of them. (Two snapshots at
    // one instant are told apart by their random ids, so the counts move a little from run to run: about 20 each.)
    const rows = await expectSameFigures();
    expect(rows.filter((row) => row.monthlyReviews !== null && row.monthlyReviews > 0).length).toBeGreaterThan(12);
    expect(rows.filter((row) => row.ratingChange !== null && row.ratingChange !== 0).length).toBeGreaterThan(12);

    // Snapshots deleted and moved to other months: the trigger recomputes the months they leave and reach.
    await ctx.db.execute(sql`
      delete from review_snapshots where id in (
        select s.id from review_snapshots s join hotels h on h.id = s.hotel_id
        where h.location_id = ${location.id} order by s.fetched_at limit 5)`);
    await ctx.db.execute(sql`
      update review_snapshots set fetched_at = fetched_at - interval '45 days' where id in (
        select s.id from review_snapshots s join hotels h on h.id = s.hotel_id
        where h.location_id = ${location.id} order by s.total_reviews desc nulls last limit 3)`);
    await expectSameFigures();
    await rebuildDerived(ctx.db);
    await expectSameFigures();
  });
});
