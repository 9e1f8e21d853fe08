import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { foldCouponCounts } from '../../src/server/db/folded-counts';
import { rowsOf } from '../../src/server/db/rows';
import { HotelFunnelView } from '../../src/server/modules/funnel/funnel.presenter';
import { addDays, todayIn } from '../../src/shared/dates';
import { FUNNEL_RANGE_MAX_DAYS } from '../../src/shared/schemas/funnel';
import { useTestContext } from '../support';
import { hotelAt, merchantAt, offerOf, scanAt } from '../support/insight-factories';
import { FUNNEL_RATES, funnelRateOf, recountFunnel, type FunnelFigures } from '../support/funnel-recount';
import { seededRandom } from '../support/seeded-random';

/**
 * GET /api/hotels/{id}/funnel (docs/PRODUCT.md "Funnel"): after random page events, scans, redemptions, undos and
 * erasures through the API (and events of other days by plain SQL), every figure, rate and location median equals a
 * recount from the base tables; erasure changes no figure; who may read which hotel.
 */
const ctx = useTestContext({ env: { TRUST_PROXY: '1' } });

type Figures = FunnelFigures;
const RATES = FUNNEL_RATES;

async function recount(hotelId: string, from: string, to: string): Promise<Figures> {
  return (await recountFunnel(ctx.db, ctx.config.timeZone, [hotelId], from, to)).get(hotelId)!;
}

const rateOf = funnelRateOf;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
/** One decimal, as the answer rounds: a tenth apart at most (a float on either side of .x5). */
const expectRate = (actual: number | null, expected: number | null, what: string) => {
  if (expected === null) return expect(actual, what).toBeNull();
  expect(actual, what).not.toBeNull();
  expect(Math.abs(actual! - expected), `${what}: ${actual} vs ${expected}`).toBeLessThanOrEqual(0.051);
};

describe('the funnel equals a recount', () => {
  it('after random events, scans, redemptions, undos and erasures: figures, rates and the median hotel', async () => {
    const random = seededRandom(20271127);
    const today = todayIn(ctx.config.timeZone);
    const superadmin = await ctx.tokenAs('superadmin');
    const location = await ctx.createLocation();
    const hotels = [];
    for (let i = 0; i < 6; i++)
      hotels.push(
        await hotelAt(ctx.db, location.id, '2026-01-01T00:00:00Z', {
          name: `Funnel Hotel ${i}`,
          subscriptionEnd: addDays(today, 300),
        }),
      );
    const merchant = await merchantAt(ctx.db, location.id, '2026-01-01T00:00:00Z');
    const merchantToken = await ctx.ownerToken('merchant', merchant.id);
    const offers = [];
    for (let i = 0; i < 3; i++)
      offers.push(await offerOf(ctx.db, merchant.id, { validityFrom: '2025-01-01', validityTo: addDays(today, 400) }));
    const tabs = Array.from({ length: 25 }, () => randomBytes(12).toString('base64url'));
    const kinds = ['page_open', 'page_open', 'details_entered', 'review_tap', 'share'];
    const mobiles: string[] = [];
    let mobile = 9100000000;
    let address = 0;

    for (let step = 0; step < 160; step++) {
      const action = random.int(10);
      if (action <= 4) {
        const res = await ctx.request('POST', '/api/guest/events', {
          json: { hotel_id: random.pick(hotels).id, kind: random.pick(kinds), tab: random.pick(tabs) },
          headers: { 'X-Forwarded-For': `10.9.0.${(address++ % 200) + 1}` },
        });
        expect(res.status, res.text).toBe(204);
      } else if (action <= 6) {
        const number = String(mobile++);
        const res = await ctx.request('POST', '/api/customer-scans', {
          json: {
            hotel_id: random.pick(hotels).id,
            customer_name: 'Funnel Guest',
            mobile_number: number,
            checkout_date: addDays(today, 2),
            consent: true,
            selected_offers: offers.slice(0, 1 + random.int(3)).map((offer) => offer.id),
          },
        });
        expect(res.status, res.text).toBe(201);
        mobiles.push(number);
      } else if (action === 7) {
        const [coupon] = rowsOf<{ code: string }>(
          await ctx.db.execute(
            sql`select code from coupons where not is_redeemed and cancelled_at is null order by random() limit 1`,
          ),
        );
        if (!coupon) continue;
        const res = await ctx.request('POST', '/api/merchant/redeem-voucher', {
          token: merchantToken,
          json: { voucher_code: coupon.code },
        });
        expect(res.status, res.text).toBe(200);
      } else if (action === 8) {
        const [coupon] = rowsOf<{ code: string }>(
          await ctx.db.execute(sql`select code from coupons where is_redeemed order by random() limit 1`),
        );
        if (!coupon) continue;
        const res = await ctx.request('POST', `/api/merchant/redemptions/${coupon.code}/undo`, {
          token: merchantToken,
          json: { reason: 'Wrong voucher' },
        });
        expect(res.status, res.text).toBe(200);
      } else if (mobiles.length) {
        // An erasure: names and numbers go; the funnel, which names nobody, must not move.
        const hotel = random.pick(hotels);
        await ctx.flushGuestEvents(); // events are written in batches: all of them before the "before"
        const before = await ctx.request('GET', `/api/hotels/${hotel.id}/funnel?from=${today}&to=${today}`, {
          token: superadmin,
        });
        const res = await ctx.request('POST', '/api/customer-scans/erase', {
          token: superadmin,
          json: { mobile_number: mobiles.splice(random.int(mobiles.length), 1)[0] },
        });
        expect(res.status, res.text).toBe(200);
        const after = await ctx.request('GET', `/api/hotels/${hotel.id}/funnel?from=${today}&to=${today}`, {
          token: superadmin,
        });
        expect(after.body).toEqual(before.body);
      }
    }
    await ctx.flushGuestEvents();
    // Events of earlier days (as the rollup would have kept them), so a range is more than today.
    for (let i = 0; i < 60; i++)
      await ctx.db.execute(sql`
        insert into funnel_events (hotel_id, day, kind)
        values (${random.pick(hotels).id}, ${addDays(today, -1 - random.int(20))}, ${random.pick(kinds)})`);

    for (const [from, to] of [
      [today, today],
      [addDays(today, -29), today],
      [addDays(today, -10), addDays(today, -1)],
    ] as const) {
      const recounts = await Promise.all(hotels.map((hotel) => recount(hotel.id, from, to)));
      for (const [i, hotel] of hotels.entries()) {
        const res = await ctx.request('GET', `/api/hotels/${hotel.id}/funnel?from=${from}&to=${to}`, {
          token: superadmin,
        });
        expect(res.status, res.text).toBe(200);
        v.parse(HotelFunnelView, res.body);
        const figures = recounts[i]!;
        expect(res.body).toMatchObject({ hotel_id: hotel.id, from, to, ...figures, location_hotels: 6 });
        expect(figures.redeemed).toBeLessThanOrEqual(figures.issued);
        for (const name of Object.keys(RATES) as (keyof typeof RATES)[]) {
          expectRate(res.body.rates[name], rateOf(figures, name), `${hotel.name} ${name} ${from}..${to}`);
          const values = recounts.map((f) => rateOf(f, name)).filter((r): r is number => r !== null);
          expectRate(
            res.body.location_median[name],
            values.length >= 5 ? median(values) : null,
            `median ${name} ${from}..${to}`,
          );
        }
      }
    }
    // The random run reached every stage.
    const all = await recount(hotels[0]!.id, addDays(today, -29), today);
    const totals = await Promise.all(hotels.map((hotel) => recount(hotel.id, today, today)));
    for (const figure of ['opens', 'details', 'issued', 'redeemed', 'review_taps', 'shares'] as const)
      expect(
        totals.some((f) => f[figure] > 0),
        figure,
      ).toBe(true);
    expect(all.opens).toBeGreaterThan(0);
  });
});

describe('no stage below the next', () => {
  it('scans whose pages sent no event show 100 %, never more; a card and day with more details than opens too', async () => {
    const today = todayIn(ctx.config.timeZone);
    const yesterday = addDays(today, -1);
    const location = await ctx.createLocation();
    const hotel = await hotelAt(ctx.db, location.id, '2026-01-01T00:00:00Z');
    const merchant = await merchantAt(ctx.db, location.id, '2026-01-01T00:00:00Z');
    const offer = await offerOf(ctx.db, merchant.id);
    // Today: three scans (one redeemed) and no event at all, as from a page cached before the funnel.
    for (const [i, redeemed] of [true, false, false].entries())
      await scanAt(ctx.db, {
        hotelId: hotel.id,
        scanDate: new Date().toISOString(),
        mobile: `950000000${i}`,
        coupons: [{ offer, redeemed }],
      });
    // Yesterday: one open and two details entered (a tab whose open was lost).
    for (const kind of ['page_open', 'details_entered', 'details_entered'])
      await ctx.db.execute(
        sql`insert into funnel_events (hotel_id, day, kind) values (${hotel.id}, ${yesterday}, ${kind})`,
      );
    const superadmin = await ctx.tokenAs('superadmin');
    const read = async (from: string, to: string) => {
      const res = await ctx.request('GET', `/api/hotels/${hotel.id}/funnel?from=${from}&to=${to}`, {
        token: superadmin,
      });
      expect(res.status, res.text).toBe(200);
      return res.body;
    };
    const todays = await read(today, today);
    expect(todays).toMatchObject({ opens: 3, details: 3, issued: 3, redeemed: 1 });
    expect(todays.rates).toMatchObject({ details_rate: 100, issue_rate: 100, open_to_issue_rate: 100 });
    // Yesterday's opens are its details; the sums over both days keep every rate within 100 %.
    const both = await read(yesterday, today);
    expect(both).toMatchObject({ opens: 5, details: 5, issued: 3, redeemed: 1 });
    expect(both.rates).toMatchObject({ details_rate: 100, issue_rate: 60, open_to_issue_rate: 60 });
    expect(both).toMatchObject(await recount(hotel.id, yesterday, today));
  });
});

describe('who reads it, and its dates', () => {
  it('one statement redeeming, then undoing, the vouchers of 1,000 scans takes no lock of the funnel and counts each once when folded', async () => {
    const location = await ctx.createLocation();
    const hotel = await hotelAt(ctx.db, location.id, '2026-01-01T00:00:00Z');
    const merchant = await merchantAt(ctx.db, location.id, '2026-01-01T00:00:00Z');
    const offer = await offerOf(ctx.db, merchant.id);
    const scans = 1000;
    await ctx.db.execute(sql`
      with s as (
        insert into customer_scans (hotel_id, customer_name, mobile_number, checkout_date, scan_date)
        select ${hotel.id}, 'Bulk Guest', '9' || lpad(n::text, 9, '0'), current_date + 2, now()
        from generate_series(1, ${scans}) n
        returning id)
      insert into coupons (scan_id, offer_id, merchant_id, code)
      select s.id, ${offer.id}, ${merchant.id}, upper(substr(md5(s.id::text), 1, 8)) from s`);
    const redeemed = async () =>
      rowsOf<{ n: number }>(
        await ctx.db.execute(
          sql`select coalesce(sum(redeemed), 0)::int as n from funnel_daily_stats where hotel_id = ${hotel.id}`,
        ),
      )[0]!.n;
    // The funnel's redeemed scans are counted when folded (migration 0049): a redemption takes none of the funnel's
    // locks (one per scan once ran out of the lock table), nor the folds' own.
    const locksHeld = await ctx.db.transaction(async (tx) => {
      await tx.execute(
        sql`update coupons set is_redeemed = true, redeemed_at = now() where merchant_id = ${merchant.id}`,
      );
      const [row] = rowsOf<{ n: number }>(
        await tx.execute(
          sql`select count(*)::int as n from pg_locks
            where locktype = 'advisory' and classid in (2027, 2029) and pid = pg_backend_pid()`,
        ),
      );
      return row!.n;
    });
    expect(locksHeld).toBe(0);
    await foldCouponCounts(ctx.db);
    expect(await redeemed()).toBe(scans);
    await ctx.db.execute(
      sql`update coupons set is_redeemed = false, redeemed_at = null where merchant_id = ${merchant.id}`,
    );
    await foldCouponCounts(ctx.db);
    expect(await redeemed()).toBe(0);
  });

  it('a scan moved, or its vouchers inserted redeemed or deleted, before its redemptions are folded, is counted once', async () => {
    const location = await ctx.createLocation();
    const hotel = await hotelAt(ctx.db, location.id, '2026-01-01T00:00:00Z');
    const merchant = await merchantAt(ctx.db, location.id, '2026-01-01T00:00:00Z');
    const offer = await offerOf(ctx.db, merchant.id);
    const cards: string[] = [];
    for (const label of ['Lobby', 'Pool'])
      cards.push(
        rowsOf<{ id: string }>(
          await ctx.db.execute(
            sql`insert into placements (hotel_id, label, kind) values (${hotel.id}, ${label}, 'single') returning id`,
          ),
        )[0]!.id,
      );
    const { scan, coupons } = await scanAt(ctx.db, {
      hotelId: hotel.id,
      scanDate: new Date().toISOString(),
      coupons: [{ offer }, { offer }],
    });
    await ctx.db.execute(sql`update customer_scans set placement_id = ${cards[0]} where id = ${scan.id}`);
    const redeemedPerCard = async () => {
      await foldCouponCounts(ctx.db);
      const rows = rowsOf<{ card: string; redeemed: number }>(
        await ctx.db.execute(sql`select placement_id::text as card, sum(redeemed)::int as redeemed
          from funnel_daily_stats where hotel_id = ${hotel.id} group by 1`),
      );
      return cards.map((card) => rows.find((row) => row.card === card)?.redeemed ?? 0);
    };
    const redeem = (id: string, redeemed: boolean) =>
      ctx.db.execute(sql`update coupons set is_redeemed = ${redeemed},
        redeemed_at = ${redeemed ? sql`now()` : sql`null`} where id = ${id}`);
    // A redemption waiting to be folded, then the scan moved to the other card: the count goes where the scan is.
    await redeem(coupons[0]!.id, true);
    await ctx.db.execute(sql`update customer_scans set placement_id = ${cards[1]} where id = ${scan.id}`);
    expect(await redeemedPerCard()).toEqual([0, 1]);
    // Undone (waiting), then a voucher inserted redeemed: the scan still has one, counted once.
    await redeem(coupons[0]!.id, false);
    const [inserted] = rowsOf<{ id: string }>(
      await ctx.db.execute(sql`insert into coupons (scan_id, offer_id, merchant_id, code, is_redeemed, redeemed_at)
        values (${scan.id}, ${offer.id}, ${merchant.id}, 'FOLDED23', true, now()) returning id`),
    );
    expect(await redeemedPerCard()).toEqual([0, 1]);
    // Redeemed again (waiting) and the inserted one deleted: still one.
    await redeem(coupons[1]!.id, true);
    await ctx.db.execute(sql`delete from coupons where id = ${inserted!.id}`);
    expect(await redeemedPerCard()).toEqual([0, 1]);
    // Undone (waiting), then the scan moved back: none on either card.
    await redeem(coupons[1]!.id, false);
    await ctx.db.execute(sql`update customer_scans set placement_id = ${cards[0]} where id = ${scan.id}`);
    expect(await redeemedPerCard()).toEqual([0, 0]);
  });

  it('a hotel reads its own only; a location under 5 hotels has no median; bad dates are 422', async () => {
    const login = await ctx.createHotelLogin();
    const own = login.hotelId!;
    const token = await ctx.tokenFor(login.username, login.password);
    const other = (await hotelAt(ctx.db, (await ctx.createLocation()).id, '2026-01-01T00:00:00Z')).id;
    const mine = await ctx.request('GET', `/api/hotels/${own}/funnel`, { token });
    expect(mine.status, mine.text).toBe(200);
    v.parse(HotelFunnelView, mine.body);
    const today = todayIn(ctx.config.timeZone);
    expect(mine.body).toMatchObject({ from: addDays(today, -29), to: today, location_median: null });
    expect((await ctx.request('GET', `/api/hotels/${other}/funnel`, { token })).status).toBe(404);
    const superadmin = await ctx.tokenAs('superadmin');
    const backwards = await ctx.request('GET', `/api/hotels/${own}/funnel?from=${today}&to=${addDays(today, -1)}`, {
      token: superadmin,
    });
    expect(backwards.status).toBe(422);
    expect(backwards.body.detail).toBe('From must not be after To');
    const long = await ctx.request(
      'GET',
      `/api/hotels/${own}/funnel?from=${addDays(today, -FUNNEL_RANGE_MAX_DAYS)}&to=${today}`,
      { token: superadmin },
    );
    expect(long.status).toBe(422);
    const fromOnly = await ctx.request(
      'GET',
      `/api/hotels/${own}/funnel?from=${addDays(today, -FUNNEL_RANGE_MAX_DAYS)}`,
      {
        token: superadmin,
      },
    );
    expect(fromOnly.status).toBe(422);
    expect(
      (await ctx.request('GET', `/api/hotels/00000000-0000-4000-8000-000000000000/funnel`, { token: superadmin }))
        .status,
    ).toBe(404);
  });
});
