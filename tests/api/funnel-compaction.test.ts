import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { rebuildDerived } from '../../src/server/db/derived';
import { rowsOf } from '../../src/server/db/rows';
import { runRetention } from '../../src/server/modules/customer-scans/guest-retention.job';
import { compactFunnelDays } from '../../src/server/modules/funnel/funnel.compaction';
import { FunnelReportView } from '../../src/server/modules/funnel/funnel.presenter';
import { addDays, todayIn } from '../../src/shared/dates';
import { useTestContext } from '../support';
import { funnelDay } from '../support/funnel-days';
import { addFigures, recountFunnel, type FunnelFigures } from '../support/funnel-recount';
import { hotelAt, merchantAt, offerOf } from '../support/insight-factories';

/**
 * The funnel's closed days as one row per hotel, card and day (docs/DATA.md "Funnel"): the compaction folds the
 * shards left on days since the last one, reads sum shards only after the day it reached, and every figure stays
 * equal to a recount from the base tables before, after and again; a write to a closed day goes to shard 0.
 */
const ctx = useTestContext();

const ZERO: FunnelFigures = { opens: 0, details: 0, issued: 0, redeemed: 0, review_taps: 0, shares: 0 };

async function compactedThrough(): Promise<string | undefined> {
  return rowsOf<{ value: string }>(
    await ctx.db.execute(sql`select value from app_settings where key = 'funnel_compacted_through'`),
  )[0]?.value;
}

async function setCompactedThrough(day: string) {
  await ctx.db.execute(sql`
    insert into app_settings (key, value) values ('funnel_compacted_through', ${day})
    on conflict (key) do update set value = excluded.value`);
}

interface StatsRow extends FunnelFigures {
  hotel_id: string;
  day: string;
  shard: number;
}

async function statsRows(hotelIds: string[]): Promise<StatsRow[]> {
  return rowsOf<StatsRow>(
    await ctx.db.execute(sql`
      select hotel_id, day::text as day, shard, opens, details, issued, redeemed, review_taps, shares
      from funnel_daily_stats where hotel_id in (${sql.join(
        hotelIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      order by hotel_id, day, shard`),
  );
}

/** A day's page events, and scans at noon there (the first `redeemed` of them with a redeemed voucher). */
const dayOf = (hotelId: string, day: string, events: Record<string, number>, scans: number, redeemed: number) =>
  funnelDay(ctx.db, ctx.config.timeZone, hotelId, day, events, scans, redeemed);

/**
 * Leaves a day of `hotelId` in two shards, as writers on several connections leave a day before midnight: opens and
 * review taps in shard 0, the rest in shard 7. Summing the rows of that day without grouping them first gives other
 * opens (greatest(...) per row), so a read taking such a day as compacted would show it.
 */
async function spread(hotelId: string, day: string) {
  const [sums] = rowsOf<FunnelFigures & { placement_id: string | null }>(
    await ctx.db.execute(sql`
      select placement_id, sum(opens)::int as opens, sum(details)::int as details, sum(issued)::int as issued,
        sum(redeemed)::int as redeemed, sum(review_taps)::int as review_taps, sum(shares)::int as shares
      from funnel_daily_stats where hotel_id = ${hotelId} and day = ${day}::date group by placement_id`),
  );
  await ctx.db.execute(sql`delete from funnel_daily_stats where hotel_id = ${hotelId} and day = ${day}::date`);
  await ctx.db.execute(sql`
    insert into funnel_daily_stats (hotel_id, placement_id, day, shard, opens, details, issued, redeemed, review_taps,
      shares)
    values (${hotelId}, ${sums!.placement_id}, ${day}, 0, ${sums!.opens}, 0, 0, 0, ${sums!.review_taps}, 0),
      (${hotelId}, ${sums!.placement_id}, ${day}, 7, 0, ${sums!.details}, ${sums!.issued}, ${sums!.redeemed}, 0,
        ${sums!.shares})`);
}

/** The location's funnel and each hotel's, from the API, equal to the recount over `from`..`to`. */
async function expectRecount(locationId: number, hotelIds: string[], from: string, to: string) {
  const superadmin = await ctx.tokenAs('superadmin');
  const recounts = await recountFunnel(ctx.db, ctx.config.timeZone, hotelIds, from, to);
  const res = await ctx.request('GET', `/api/funnel?from=${from}&to=${to}&location_id=${locationId}`, {
    token: superadmin,
  });
  expect(res.status, res.text).toBe(200);
  const report = v.parse(FunnelReportView, res.body);
  expect(report.locations[0], `location ${from}..${to}`).toMatchObject(
    hotelIds.reduce((sum, id) => addFigures(sum, recounts.get(id)!), ZERO),
  );
  for (const row of report.hotels!)
    expect(row, `${row.hotel_name} ${from}..${to}`).toMatchObject(recounts.get(row.hotel_id)!);
  for (const id of hotelIds) {
    const hotel = await ctx.request('GET', `/api/hotels/${id}/funnel?from=${from}&to=${to}`, { token: superadmin });
    expect(hotel.status, hotel.text).toBe(200);
    expect(hotel.body, `hotel ${from}..${to}`).toMatchObject(recounts.get(id)!);
  }
}

describe('the funnel compaction', () => {
  it('folds the closed days since the last run into shard 0, every figure equal to the recount, and again changes nothing', async () => {
    const today = todayIn(ctx.config.timeZone);
    const yesterday = addDays(today, -1);
    const location = await ctx.createLocation();
    const hotels = [
      await hotelAt(ctx.db, location.id, '2026-01-01T00:00:00Z', { name: 'Compaction A' }),
      await hotelAt(ctx.db, location.id, '2026-01-01T00:00:00Z', { name: 'Compaction B' }),
    ];
    const ids = hotels.map((hotel) => hotel.id);
    await offerOf(ctx.db, (await merchantAt(ctx.db, location.id, '2026-01-01T00:00:00Z')).id);
    // The migration compacted through yesterday; as if the last run were four days ago.
    expect(await compactedThrough()).toBe(yesterday);
    await setCompactedThrough(addDays(today, -4));
    for (const day of [addDays(today, -5), addDays(today, -2), yesterday, today])
      for (const id of ids) await dayOf(id, day, { page_open: 1, details_entered: 3, share: 1 }, 2, 1);
    for (const day of [addDays(today, -2), yesterday, today]) await spread(ids[0]!, day);
    const ranges = [
      [addDays(today, -6), today],
      [yesterday, yesterday],
      [today, today],
    ] as const;
    for (const [from, to] of ranges) await expectRecount(location.id, ids, from, to);

    expect(await compactFunnelDays(ctx.db)).toBe(yesterday);
    expect(await compactedThrough()).toBe(yesterday);
    const rows = await statsRows(ids);
    // One row per hotel and closed day, in shard 0; today's shards are left as they are.
    expect(rows.filter((row) => row.day < today && row.shard !== 0)).toEqual([]);
    for (const id of ids)
      for (const day of [addDays(today, -5), addDays(today, -2), yesterday])
        expect(rows.filter((row) => row.hotel_id === id && row.day === day).length, `${day}`).toBe(1);
    // Hotel A's today as spread; hotel B's today is in its writing connection's shard, which may be 7 too.
    expect(rows.filter((row) => row.hotel_id === ids[0] && row.day === today && row.shard === 7).length).toBe(1);
    for (const [from, to] of ranges) await expectRecount(location.id, ids, from, to);

    // Again, and on two servers at once: the same day, the same rows.
    expect(await Promise.all([compactFunnelDays(ctx.db), compactFunnelDays(ctx.db)])).toEqual([yesterday, yesterday]);
    expect(await statsRows(ids)).toEqual(rows);
  });

  it("a write to a closed day goes to shard 0, today's to its connection's shard", async () => {
    const today = todayIn(ctx.config.timeZone);
    const location = await ctx.createLocation();
    const hotel = await hotelAt(ctx.db, location.id, '2026-01-01T00:00:00Z', { name: 'Late Writes' });
    await offerOf(ctx.db, (await merchantAt(ctx.db, location.id, '2026-01-01T00:00:00Z')).id);
    const days = [addDays(today, -3), addDays(today, -1), today];
    const shard = await ctx.db.transaction(async (tx) => {
      for (const day of days)
        await tx.execute(
          sql`insert into funnel_events (hotel_id, day, kind) values (${hotel.id}, ${day}, 'page_open')`,
        );
      return rowsOf<{ shard: number }>(await tx.execute(sql`select stayperks_counter_shard() as shard`))[0]!.shard;
    });
    // Then scans, redemptions and events on any connection of the pool.
    for (const day of days) await dayOf(hotel.id, day, { details_entered: 2 }, 1, 1);
    const rows = await statsRows([hotel.id]);
    for (const day of days.slice(0, 2))
      expect(
        rows.filter((row) => row.day === day).map((row) => row.shard),
        day,
      ).toEqual([0]);
    expect(rows.some((row) => row.day === today && row.shard === shard)).toBe(true);
    await expectRecount(location.id, [hotel.id], days[0]!, today);
  });

  it('db:rebuild-derived leaves one row per hotel, card and day, compacted through yesterday, and the same figures', async () => {
    const today = todayIn(ctx.config.timeZone);
    const location = await ctx.createLocation();
    const hotel = await hotelAt(ctx.db, location.id, '2026-01-01T00:00:00Z', { name: 'Rebuilt' });
    await offerOf(ctx.db, (await merchantAt(ctx.db, location.id, '2026-01-01T00:00:00Z')).id);
    for (const day of [addDays(today, -2), today]) {
      await dayOf(hotel.id, day, { page_open: 2, details_entered: 4 }, 3, 2);
      await spread(hotel.id, day);
    }
    // A later day than the rebuild may keep (a time zone moved west): it is set back, not kept.
    await setCompactedThrough(addDays(today, 3));
    await rebuildDerived(ctx.db);
    expect(await compactedThrough()).toBe(addDays(today, -1));
    expect((await statsRows([hotel.id])).map((row) => [row.day, row.shard])).toEqual([
      [addDays(today, -2), 0],
      [today, 0],
    ]);
    await expectRecount(location.id, [hotel.id], addDays(today, -2), today);
  });

  it('the daily retention run compacts the days since the last one', async () => {
    const today = todayIn(ctx.config.timeZone);
    const location = await ctx.createLocation();
    const hotel = await hotelAt(ctx.db, location.id, '2026-01-01T00:00:00Z', { name: 'Retained' });
    await offerOf(ctx.db, (await merchantAt(ctx.db, location.id, '2026-01-01T00:00:00Z')).id);
    await setCompactedThrough(addDays(today, -10));
    await dayOf(hotel.id, addDays(today, -3), { page_open: 1, details_entered: 2 }, 2, 0);
    await spread(hotel.id, addDays(today, -3));
    const run = await runRetention({ db: ctx.db, config: ctx.config, serverId: 'compaction-test' }, new Date());
    expect(run.ran).toBe(true);
    expect(await compactedThrough()).toBe(addDays(today, -1));
    expect((await statsRows([hotel.id])).map((row) => row.shard)).toEqual([0]);
    await expectRecount(location.id, [hotel.id], addDays(today, -3), today);
  });
});
