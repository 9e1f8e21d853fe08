import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { rebuildDerived } from '../../src/server/db/derived';
import { rowsOf } from '../../src/server/db/rows';
import { startGuestRetentionJob } from '../../src/server/modules/customer-scans/guest-retention.job';
import { compactFunnelDays } from '../../src/server/modules/funnel/funnel.compaction';
import { FallingHotelsView, FunnelReportView } from '../../src/server/modules/funnel/funnel.presenter';
import { keepFunnelSummaries } from '../../src/server/modules/funnel/funnel.summaries';
import { addDays, todayIn } from '../../src/shared/dates';
import { useTestContext } from '../support';
import { funnelDay } from '../support/funnel-days';
import { addFigures, recountFunnel, type FunnelFigures } from '../support/funnel-recount';
import { hotelAt, merchantAt, offerOf } from '../support/insight-factories';

/**
 * The funnel's summaries of closed days (docs/DATA.md "Funnel summaries", migration 0050): the back office's
 * every-location view reads each location's days from funnel_location_days and the falling hotels each hotel's two
 * periods from funnel_hotel_windows. Both must equal a recount from the base tables whatever changes a closed day
 * later (redemptions, events after midnight, a scan or a hotel moved, a hotel deleted), and the falling hotels must be
 * the same list as read from every hotel's days.
 */
const ctx = useTestContext();

const ZERO: FunnelFigures = { opens: 0, details: 0, issued: 0, redeemed: 0, review_taps: 0, shares: 0 };

/** `opens` page opens on `day`, and `scans` scans at noon there with a voucher each, the first `redeemed` redeemed. */
const dayOf = (hotelId: string, day: string, opens: number, scans: number, redeemed: number) =>
  funnelDay(ctx.db, ctx.config.timeZone, hotelId, day, { page_open: opens }, scans, redeemed);

/** Every location's row of the back office's funnel over `from`..`to` equals the recount of its hotels now. */
async function expectEveryLocation(from: string, to: string) {
  const hotels = rowsOf<{ id: string; location_id: number }>(
    await ctx.db.execute(sql`select id::text, location_id from hotels`),
  );
  const recounts = await recountFunnel(
    ctx.db,
    ctx.config.timeZone,
    hotels.map((hotel) => hotel.id),
    from,
    to,
  );
  const res = await ctx.request('GET', `/api/funnel?from=${from}&to=${to}`, { token: await ctx.tokenAs('superadmin') });
  expect(res.status, res.text).toBe(200);
  const report = v.parse(FunnelReportView, res.body);
  for (const row of report.locations) {
    const expected = hotels
      .filter((hotel) => hotel.location_id === row.location_id)
      .reduce((sum, hotel) => addFigures(sum, recounts.get(hotel.id)!), ZERO);
    expect(row, `${row.location_name} ${from}..${to}`).toMatchObject(expected);
  }
  return report;
}

/** The falling hotels as the summaries give them, checked against the list read from every hotel's days. */
async function expectFallingBothWays() {
  const token = await ctx.tokenAs('superadmin');
  const fromSummaries = await ctx.request('GET', '/api/funnel/falling-hotels', { token });
  expect(fromSummaries.status, fromSummaries.text).toBe(200);
  const [marker] = rowsOf<{ value: string }>(
    await ctx.db.execute(sql`select value from app_settings where key = 'funnel_fall_windows'`),
  );
  await ctx.db.execute(sql`update app_settings set value = 'not made' where key = 'funnel_fall_windows'`);
  const fromDays = await ctx.request('GET', '/api/funnel/falling-hotels', { token });
  await ctx.db.execute(sql`update app_settings set value = ${marker!.value} where key = 'funnel_fall_windows'`);
  expect(fromSummaries.body).toEqual(fromDays.body);
  return v.parse(FallingHotelsView, fromSummaries.body);
}

async function locationDays(): Promise<number> {
  return rowsOf<{ n: number }>(await ctx.db.execute(sql`select count(*)::int as n from funnel_location_days`))[0]!.n;
}

describe('the funnel summaries', () => {
  it('equal a recount after late redemptions, events, a scan and a hotel moved, a hotel deleted, and a rebuild', async () => {
    const today = todayIn(ctx.config.timeZone);
    const yesterday = addDays(today, -1);
    const [north, south] = [await ctx.createLocation(), await ctx.createLocation()];
    const [a, b, c] = [
      await hotelAt(ctx.db, north.id, '2026-01-01T00:00:00Z', { name: 'Summary A' }),
      await hotelAt(ctx.db, north.id, '2026-01-01T00:00:00Z', { name: 'Summary B' }),
      await hotelAt(ctx.db, south.id, '2026-01-01T00:00:00Z', { name: 'Summary C' }),
    ];
    await offerOf(ctx.db, (await merchantAt(ctx.db, north.id, '2026-01-01T00:00:00Z')).id);
    // A falls from 60 % to 20 % of opens issued; B rises; C is small.
    await dayOf(a.id, addDays(today, -40), 100, 60, 10);
    await dayOf(a.id, addDays(today, -5), 100, 20, 5);
    await dayOf(b.id, addDays(today, -40), 80, 40, 0);
    await dayOf(b.id, addDays(today, -10), 80, 45, 0);
    await dayOf(c.id, addDays(today, -3), 5, 2, 1);
    await dayOf(a.id, today, 3, 1, 0);

    expect(await compactFunnelDays(ctx.db)).toBe(yesterday);
    expect(await keepFunnelSummaries(ctx.db)).toEqual({
      locationDaysThrough: yesterday,
      fallWindows: `${yesterday}/30`,
    });
    expect(await locationDays()).toBeGreaterThan(3);
    const ranges = [
      [addDays(today, -45), today],
      [addDays(today, -5), addDays(today, -5)],
      [today, today],
    ] as const;
    const check = async () => {
      for (const [from, to] of ranges) await expectEveryLocation(from, to);
      return expectFallingBothWays();
    };
    expect((await check()).hotels.map((hotel) => hotel.hotel_name)).toEqual(['Summary A']);

    // Later changes to closed days.
    await ctx.db.execute(sql`
      update coupons set is_redeemed = true, redeemed_at = now()
      where not is_redeemed and scan_id in (select id from customer_scans where hotel_id = ${a.id}
        and scan_date < now() - interval '4 days' and scan_date > now() - interval '6 days')`);
    await dayOf(b.id, yesterday, 5, 0, 0);
    await ctx.db.execute(sql`
      update customer_scans set hotel_id = ${c.id}
      where id in (select id from customer_scans where hotel_id = ${a.id} order by scan_date desc offset 1 limit 3)`);
    await ctx.db.execute(sql`update hotels set location_id = ${south.id} where id = ${b.id}`);
    const bare = await hotelAt(ctx.db, north.id, '2026-01-01T00:00:00Z', { name: 'Summary Bare' });
    await dayOf(bare.id, addDays(today, -5), 7, 0, 0);
    const before = await expectEveryLocation(addDays(today, -5), addDays(today, -5));
    expect(before.locations.find((row) => row.location_id === north.id)!.opens).toBe(107);
    await ctx.db.execute(sql`delete from hotels where id = ${bare.id}`);
    await check();
    // The summaries were kept by the triggers, not made again.
    expect(await keepFunnelSummaries(ctx.db)).toEqual({
      locationDaysThrough: yesterday,
      fallWindows: `${yesterday}/30`,
    });

    // A rebuild makes them again from the rows: the same figures.
    const kept = rowsOf(await ctx.db.execute(sql`select * from funnel_location_days order by day, location_id`));
    await rebuildDerived(ctx.db);
    const figures = ['opens', 'details', 'issued', 'redeemed', 'review_taps', 'shares'];
    expect(rowsOf(await ctx.db.execute(sql`select * from funnel_location_days order by day, location_id`))).toEqual(
      kept.filter((row) => figures.some((name) => (row as Record<string, number>)[name] !== 0)),
    );
    await check();
  });

  it('catch up on the closed days a week at a time after the migration, and the readers wait for nothing', async () => {
    const today = todayIn(ctx.config.timeZone);
    const location = await ctx.createLocation();
    const hotel = await hotelAt(ctx.db, location.id, '2026-01-01T00:00:00Z', { name: 'Catching Up' });
    await offerOf(ctx.db, (await merchantAt(ctx.db, location.id, '2026-01-01T00:00:00Z')).id);
    for (const back of [100, 70, 40, 2]) await dayOf(hotel.id, addDays(today, -back), 3, 2, 1);
    await compactFunnelDays(ctx.db);
    // As a live system has them right after migration 0050: no summaries yet; the view reads every hotel's days.
    await ctx.db.execute(
      sql`delete from app_settings where key in ('funnel_location_days_through', 'funnel_fall_windows')`,
    );
    await ctx.db.execute(sql`delete from funnel_location_days`);
    await expectEveryLocation(addDays(today, -120), today);
    const batches: string[] = [];
    const reach = await keepFunnelSummaries(ctx.db, (through) => batches.push(through));
    expect(reach.locationDaysThrough).toBe(addDays(today, -1));
    // From the first day with a row, a week a batch.
    expect(batches.length).toBeGreaterThanOrEqual(14);
    expect(batches.at(-1)).toBe(addDays(today, -1));
    await expectEveryLocation(addDays(today, -120), today);
    await expectEveryLocation(addDays(today, -70), addDays(today, -40));
  });

  it("the retention job's every check compacts a day closed since the last one and brings the summaries up to it", async () => {
    const today = todayIn(ctx.config.timeZone);
    const job = startGuestRetentionJob({
      db: ctx.db,
      config: ctx.config,
      serverId: 'summaries-test',
      timer: false,
      log: () => {},
    });
    // The day's run, then (as after the next midnight, long before the next run) a day not yet compacted.
    await job.tick();
    const settings = async () =>
      Object.fromEntries(
        rowsOf<{ key: string; value: string }>(
          await ctx.db.execute(sql`select key, value from app_settings where key like 'funnel_%' order by key`),
        ).map((row) => [row.key, row.value]),
      );
    await ctx.db.execute(sql`
      update app_settings set value = ${addDays(today, -2)} where key = 'funnel_compacted_through'`);
    await ctx.db.execute(
      sql`delete from app_settings where key in ('funnel_location_days_through', 'funnel_fall_windows')`,
    );
    expect(await job.tick()).toBeUndefined(); // the day's run is done: only the funnel's check ran
    await job.stop();
    expect(await settings()).toEqual({
      funnel_compacted_through: addDays(today, -1),
      funnel_fall_windows: `${addDays(today, -1)}/30`,
      funnel_location_days_through: addDays(today, -1),
    });
  });
});
