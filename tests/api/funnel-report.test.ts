import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/server/db/rows';
import { FallingHotelsView, FunnelReportView } from '../../src/server/modules/funnel/funnel.presenter';
import { addDays, todayIn } from '../../src/shared/dates';
import { useTestContext } from '../support';
import { addFigures, FUNNEL_RATES, funnelRateOf, recountFunnel, type FunnelFigures } from '../support/funnel-recount';
import { hotelAt, merchantAt, offerOf } from '../support/insight-factories';
import { seededRandom } from '../support/seeded-random';

/**
 * The back office's funnel (docs/PRODUCT.md "Funnel"): GET /api/funnel per location and per hotel of one, and GET
 * /api/funnel/falling-hotels, each equal to a recount from the base tables (no stage below the next, per hotel,
 * card and day).
 */
const ctx = useTestContext();

const ZERO: FunnelFigures = { opens: 0, details: 0, issued: 0, redeemed: 0, review_taps: 0, shares: 0 };
const expectRates = (rates: Record<string, number | null>, figures: FunnelFigures, what: string) => {
  for (const name of Object.keys(FUNNEL_RATES) as (keyof typeof FUNNEL_RATES)[]) {
    const expected = funnelRateOf(figures, name);
    if (expected === null) expect(rates[name], `${what} ${name}`).toBeNull();
    else expect(Math.abs(rates[name]! - expected), `${what} ${name}`).toBeLessThanOrEqual(0.051);
  }
};

/** `count` scans of a hotel on a business day (noon there), the first `redeemed` with a redeemed voucher. */
async function scansOn(
  hotelId: string,
  day: string,
  count: number,
  offer?: { id: string; merchantId: string },
  redeemed = 0,
  placementId: string | null = null,
) {
  const tz = ctx.config.timeZone;
  await ctx.db.execute(sql`
    with s as (
      insert into customer_scans (hotel_id, placement_id, customer_name, mobile_number, checkout_date, scan_date)
      select ${hotelId}, ${placementId}, 'Report Guest', '8' || lpad((random() * 1e9)::bigint::text, 9, '0'),
        ${day}::date + 2, (${day}::date + time '12:00') at time zone ${tz}
      from generate_series(1, ${count}) n
      returning id),
    numbered as (select id, row_number() over (order by id) as n from s)
    insert into coupons (scan_id, offer_id, merchant_id, code, is_redeemed, redeemed_at)
    select s.id, ${offer?.id ?? null}, ${offer?.merchantId ?? null}, upper(substr(md5(s.id::text), 1, 8)),
      s.n <= ${redeemed}, case when s.n <= ${redeemed} then now() end
    from numbered s where ${offer ? sql`true` : sql`false`}`);
}

async function eventsOn(hotelId: string, day: string, kind: string, count: number, placementId: string | null = null) {
  await ctx.db.execute(sql`
    insert into funnel_events (hotel_id, placement_id, day, kind)
    select ${hotelId}, ${placementId}, ${day}::date, ${kind} from generate_series(1, ${count})`);
}

describe('GET /api/funnel', () => {
  it('per location and per hotel of one equal a recount, over random events, scans and cards', async () => {
    const random = seededRandom(20271128);
    const today = todayIn(ctx.config.timeZone);
    const [north, south, empty] = [
      await ctx.createLocation({ name: 'Report North' }),
      await ctx.createLocation({ name: 'Report South' }),
      await ctx.createLocation({ name: 'Report Empty' }),
    ];
    const hotels = [
      await hotelAt(ctx.db, north.id, '2026-01-01T00:00:00Z', { name: 'North Inn' }),
      await hotelAt(ctx.db, north.id, '2026-01-01T00:00:00Z', { name: 'North Lodge' }),
      await hotelAt(ctx.db, north.id, '2026-01-01T00:00:00Z', { name: 'North Archived' }),
      await hotelAt(ctx.db, south.id, '2026-01-01T00:00:00Z', { name: 'South Stay' }),
    ];
    const quiet = await hotelAt(ctx.db, north.id, '2026-01-01T00:00:00Z', { name: 'North Quiet' });
    const merchant = await merchantAt(ctx.db, north.id, '2026-01-01T00:00:00Z');
    const offer = await offerOf(ctx.db, merchant.id);
    const [card] = rowsOf<{ id: string }>(
      await ctx.db.execute(
        sql`insert into placements (hotel_id, label, kind) values (${hotels[0]!.id}, 'Lobby', 'single') returning id`,
      ),
    );
    const kinds = ['page_open', 'page_open', 'details_entered', 'review_tap', 'share'];
    for (let step = 0; step < 70; step++) {
      const hotel = random.pick(hotels);
      const placement = hotel === hotels[0] && random.int(2) ? card!.id : null;
      const day = addDays(today, -random.int(40));
      if (random.int(3)) await eventsOn(hotel.id, day, random.pick(kinds), 1 + random.int(3), placement);
      else await scansOn(hotel.id, day, 1 + random.int(3), offer, random.int(2), placement);
    }
    await ctx.db.execute(sql`update hotels set archived_at = now() where id = ${hotels[2]!.id}`);
    const superadmin = await ctx.tokenAs('superadmin');
    const ids = [...hotels, quiet].map((hotel) => hotel.id);

    for (const [from, to] of [
      [addDays(today, -29), today],
      [addDays(today, -40), addDays(today, -10)],
    ] as const) {
      const recounts = await recountFunnel(ctx.db, ctx.config.timeZone, ids, from, to);
      const all = await ctx.request('GET', `/api/funnel?from=${from}&to=${to}`, { token: superadmin });
      expect(all.status, all.text).toBe(200);
      const report = v.parse(FunnelReportView, all.body);
      expect(report).toMatchObject({ from, to, location_id: null, hotels: null });
      const expected = {
        [north.id]: [0, 1, 2].reduce((sum, i) => addFigures(sum, recounts.get(hotels[i]!.id)!), ZERO),
        [south.id]: recounts.get(hotels[3]!.id)!,
        [empty.id]: ZERO,
      };
      const hotelCounts = { [north.id]: 3, [south.id]: 1, [empty.id]: 0 };
      for (const location of [north, south, empty]) {
        const row = report.locations.find((r) => r.location_id === location.id)!;
        expect(row, location.name).toMatchObject({
          location_name: location.name,
          hotels: hotelCounts[location.id],
          ...expected[location.id],
        });
        expectRates(row.rates, expected[location.id]!, `${location.name} ${from}..${to}`);
      }
      const names = report.locations.map((row) => row.location_name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));

      const one = await ctx.request('GET', `/api/funnel?from=${from}&to=${to}&location_id=${north.id}`, {
        token: superadmin,
      });
      expect(one.status, one.text).toBe(200);
      const drill = v.parse(FunnelReportView, one.body);
      expect(drill.locations.map((row) => row.location_id)).toEqual([north.id]);
      // The archived hotel is listed while it has figures in the range; the quiet one always, with zeros.
      const listed = [hotels[0]!, hotels[1]!, quiet, ...(recounts.get(hotels[2]!.id)!.opens ? [hotels[2]!] : [])];
      expect(drill.hotels!.map((row) => row.hotel_name).sort()).toEqual(listed.map((h) => h.name).sort());
      for (const row of drill.hotels!) {
        expect(row, row.hotel_name).toMatchObject({
          archived: row.hotel_id === hotels[2]!.id,
          ...recounts.get(row.hotel_id),
        });
        expectRates(row.rates, recounts.get(row.hotel_id)!, `${row.hotel_name} ${from}..${to}`);
      }
      // The hotels add up to their location.
      const sum = drill.hotels!.reduce((total, row) => total + row.opens, 0);
      expect(sum).toBe(drill.locations[0]!.opens);
    }
    // The random run reached the stages, the card and a day where scans outnumber the events.
    const month = await recountFunnel(ctx.db, ctx.config.timeZone, ids, addDays(today, -40), today);
    expect([...month.values()].some((f) => f.redeemed > 0 && f.review_taps > 0)).toBe(true);

    const missing = await ctx.request('GET', '/api/funnel?location_id=999999', { token: superadmin });
    expect(missing.status).toBe(404);
    const admin = await ctx.tokenAs('admin');
    expect((await ctx.request('GET', '/api/funnel', { token: admin })).status).toBe(200);
    expect((await ctx.request('GET', '/api/funnel', { token: await ctx.tokenAs('manager') })).status).toBe(403);
  });
});

describe('GET /api/funnel/falling-hotels', () => {
  it('the hotels whose open-to-issue rate fell most, 50 opens in each period, biggest fall first', async () => {
    const today = todayIn(ctx.config.timeZone);
    const last = addDays(today, -3);
    const previous = addDays(today, -40);
    const location = await ctx.createLocation({ name: 'Falling Town' });
    const other = await ctx.createLocation({ name: 'Falling Elsewhere' });
    const hotel = async (name: string, where = location.id) =>
      (await hotelAt(ctx.db, where, '2026-01-01T00:00:00Z', { name })).id;
    const steep = await hotel('Steep Fall');
    const slight = await hotel('Slight Fall');
    const riser = await hotel('Rising');
    const few = await hotel('Too Few Opens');
    const unseen = await hotel('Unseen Opens');
    const away = await hotel('Away Fall', other.id);
    // previous: opens, scans; last: opens, scans.
    const plan: [string, number, number, number, number][] = [
      [steep, 60, 30, 80, 20], // 50 % -> 25 %
      [slight, 100, 20, 100, 18], // 20 % -> 18 %
      [riser, 60, 10, 60, 20],
      [few, 49, 40, 100, 1], // 49 opens before: left out
      [away, 50, 25, 50, 20], // 50 % -> 40 %
    ];
    for (const [id, opensBefore, scansBefore, opensNow, scansNow] of plan) {
      await eventsOn(id, previous, 'page_open', opensBefore);
      await scansOn(id, previous, scansBefore);
      await eventsOn(id, last, 'page_open', opensNow);
      await scansOn(id, last, scansNow);
    }
    // Before, scans whose pages sent no event: 60 opens counted from them, a 100 % rate; now 80 opens, 40 scans.
    await scansOn(unseen, previous, 60);
    await eventsOn(unseen, last, 'page_open', 80);
    await scansOn(unseen, last, 40);
    // A day just outside both periods counts in neither.
    await eventsOn(slight, addDays(today, -60), 'page_open', 500);

    const superadmin = await ctx.tokenAs('superadmin');
    const res = await ctx.request('GET', '/api/funnel/falling-hotels', { token: superadmin });
    expect(res.status, res.text).toBe(200);
    const falling = v.parse(FallingHotelsView, res.body);
    expect(falling).toMatchObject({
      last_from: addDays(today, -29),
      last_to: today,
      previous_from: addDays(today, -59),
      previous_to: addDays(today, -30),
      min_opens: 50,
    });
    expect(falling.hotels.map((h) => h.hotel_name)).toEqual(['Unseen Opens', 'Steep Fall', 'Away Fall', 'Slight Fall']);
    const ids = [unseen, steep, slight, away];
    const before = await recountFunnel(ctx.db, ctx.config.timeZone, ids, falling.previous_from, falling.previous_to);
    const now = await recountFunnel(ctx.db, ctx.config.timeZone, ids, falling.last_from, falling.last_to);
    for (const row of falling.hotels) {
      const [b, n] = [before.get(row.hotel_id)!, now.get(row.hotel_id)!];
      expect(row).toMatchObject({
        previous_opens: b.opens,
        previous_issued: b.issued,
        last_opens: n.opens,
        last_issued: n.issued,
      });
      const fall = (100 * b.issued) / b.opens - (100 * n.issued) / n.opens;
      expect(Math.abs(row.fall - fall), row.hotel_name).toBeLessThanOrEqual(0.051);
    }
    expect(falling.hotels[1]).toMatchObject({
      previous_rate: 50,
      last_rate: 25,
      fall: 25,
      location_name: 'Falling Town',
    });

    const here = await ctx.request('GET', `/api/funnel/falling-hotels?location_id=${location.id}`, {
      token: superadmin,
    });
    expect(here.body.hotels.map((h: { hotel_name: string }) => h.hotel_name)).toEqual([
      'Unseen Opens',
      'Steep Fall',
      'Slight Fall',
    ]);
  });
});

describe('funnel exports', () => {
  it("the back office's per location and per hotel, and a hotel's own by day, as on screen; audited", async () => {
    const today = todayIn(ctx.config.timeZone);
    const yesterday = addDays(today, -1);
    const location = await ctx.createLocation({ name: 'Export "Bay", =East' });
    const login = await ctx.createHotelLogin({ hotel: { locationId: location.id, name: 'Alpha Export Inn' } });
    const hotelId = login.hotelId!;
    const other = await hotelAt(ctx.db, location.id, '2026-01-01T00:00:00Z', { name: 'Zed Export Inn' });
    // Yesterday: 4 opens, 2 details, 1 scan; today: 2 scans with no event (their opens and details count 2).
    await eventsOn(hotelId, yesterday, 'page_open', 4);
    await eventsOn(hotelId, yesterday, 'details_entered', 2);
    await eventsOn(hotelId, yesterday, 'share', 1);
    await scansOn(hotelId, yesterday, 1);
    await scansOn(hotelId, today, 2);
    await eventsOn(other.id, today, 'page_open', 3);

    const token = await ctx.tokenFor(login.username, login.password);
    const own = await ctx.request(
      'GET',
      `/api/hotels/${hotelId}/funnel/export?from=${addDays(today, -2)}&to=${today}`,
      {
        token,
      },
    );
    expect(own.status, own.text).toBe(200);
    expect(own.headers.get('content-type')).toContain('text/csv');
    expect(own.headers.get('content-disposition')).toContain(`hotel-funnel_${addDays(today, -2)}_to_${today}.csv`);
    const lines = own.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'Day,Pages Opened,Details Entered,Vouchers Issued,Redeemed,Review Taps,Shares,Details % of Opened,' +
        'Issued % of Details,Redeemed % of Issued,Issued % of Opened,Review Taps % of Opened,Shares % of Opened',
      `${addDays(today, -2)},0,0,0,0,0,0,,,,,,`,
      `${yesterday},4,2,1,0,0,1,50,50,0,25,0,25`,
      `${today},2,2,2,0,0,0,100,100,0,100,0,0`,
      'TOTAL,6,4,3,0,0,1,66.7,75,0,50,0,16.7',
    ]);
    // The same figures as the card's.
    const card = await ctx.request('GET', `/api/hotels/${hotelId}/funnel?from=${addDays(today, -2)}&to=${today}`, {
      token,
    });
    expect(card.body).toMatchObject({ opens: 6, details: 4, issued: 3, shares: 1 });
    expect((await ctx.request('GET', `/api/hotels/${other.id}/funnel/export`, { token })).status).toBe(404);

    const superadmin = await ctx.tokenAs('superadmin');
    const any = await ctx.request('GET', `/api/hotels/${other.id}/funnel/export?from=${today}&to=${today}`, {
      token: superadmin,
    });
    expect(any.text.trim().split('\r\n')[1]).toBe(`${today},3,0,0,0,0,0,0,,,0,0,0`);

    const perHotel = await ctx.request(
      'GET',
      `/api/funnel/export?from=${yesterday}&to=${today}&location_id=${location.id}`,
      {
        token: superadmin,
      },
    );
    expect(perHotel.status, perHotel.text).toBe(200);
    const hotelLines = perHotel.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(hotelLines[0]!.startsWith('Hotel,Pages Opened,')).toBe(true);
    const screen = await ctx.request('GET', `/api/funnel?from=${yesterday}&to=${today}&location_id=${location.id}`, {
      token: superadmin,
    });
    expect(hotelLines.slice(1, -1)).toEqual(
      screen.body.hotels.map(
        (row: Record<string, number | string>) =>
          `${String(row.hotel_name)},${row.opens},${row.details},${row.issued},${row.redeemed},${row.review_taps},${row.shares},` +
          ['details_rate', 'issue_rate', 'redeem_rate', 'open_to_issue_rate', 'review_tap_rate', 'share_rate']
            .map((name) => (row.rates as unknown as Record<string, number | null>)[name] ?? '')
            .join(','),
      ),
    );
    expect(hotelLines.at(-1)).toBe('TOTAL,9,4,3,0,0,1,44.4,75,0,33.3,0,11.1');

    const perLocation = await ctx.request('GET', `/api/funnel/export?from=${yesterday}&to=${today}`, {
      token: superadmin,
    });
    const locationLine = perLocation.text.split('\r\n').find((line) => line.includes('Bay'));
    // A name with quotes and a comma is quoted as CSV quotes it.
    expect(locationLine).toBe('"Export ""Bay"", =East",9,4,3,0,0,1,44.4,75,0,33.3,0,11.1');

    const audits = rowsOf<{ action: string; entity_id: string | null }>(
      await ctx.db.execute(
        sql`select action, entity_id from audit_events where action in ('export.funnel', 'export.hotel_funnel') order by id`,
      ),
    );
    expect(audits.map((row) => row.action)).toEqual([
      'export.hotel_funnel',
      'export.hotel_funnel',
      'export.funnel',
      'export.funnel',
    ]);
    expect(audits[0]!.entity_id).toBe(hotelId);
  });
});
