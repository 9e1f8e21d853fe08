import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/server/db/rows';
import {
  CARD_NOT_FOUND,
  deleteFunnelKeysBefore,
  HOTEL_NOT_FOUND,
  TAB_LIMIT_REACHED,
} from '../../src/server/modules/funnel/funnel.service';
import { TAB_EVENT_LIMIT } from '../../src/shared/schemas/funnel';
import { addDays } from '../../src/shared/dates';
import { useTestContext } from '../support';
import { insertHotel } from '../support/factories';
import { insertOne } from '../support/insert-one';
import { funnelDayKeys, funnelEvents, funnelTabCalls, placements, placementTokens } from '../support/tables';

/**
 * POST /api/guest/events (docs/PRIVACY.md "Funnel"): counted once per tab and kind a business day, stored without
 * anything of the caller, the day's key and hashes gone once the day is over, and its two limits.
 */
const t = useTestContext({ env: { TRUST_PROXY: '1' } });

/** A fresh address for each test, so the per-address limit of one test never reaches another. */
let addressSeq = 1;
const newAddress = () => `10.27.${Math.floor(addressSeq / 250)}.${addressSeq++ % 250}`;
const newTab = () => randomBytes(16).toString('base64url');

function send(body: Record<string, unknown>, address: string) {
  return t.request('POST', '/api/guest/events', { json: body, headers: { 'X-Forwarded-For': address } });
}

const eventsOf = async (hotelId: string) =>
  rowsOf<{ placement_id: string | null; kind: string; n: number }>(
    await t.db.execute(sql`
      select placement_id, kind, count(*)::int as n from ${funnelEvents} where hotel_id = ${hotelId}::uuid
      group by 1, 2 order by 2, 1`),
  );

async function placementWithToken(hotelId: string, label: string) {
  const placement = await insertOne(t.db, placements, { hotelId, label, kind: 'single' });
  const token = randomBytes(18).toString('base64url');
  await insertOne(t.db, placementTokens, { token, placementId: placement.id });
  return { placementId: placement.id, token };
}

describe('counting', () => {
  it('counts each kind once per tab a day, another tab again, a card under its placement', async () => {
    const hotel = await insertHotel(t.db);
    const address = newAddress();
    const [tabA, tabB] = [newTab(), newTab()];
    for (const kind of ['page_open', 'page_open', 'details_entered', 'review_tap', 'share', 'share']) {
      const res = await send({ hotel_id: hotel.id, kind, tab: tabA }, address);
      expect(res.status, res.text).toBe(204);
      expect(res.text).toBe('');
    }
    expect((await send({ hotel_id: hotel.id, kind: 'page_open', tab: tabB }, address)).status).toBe(204);
    const card = await placementWithToken(hotel.id, 'Lobby');
    expect(
      (await send({ hotel_id: hotel.id, placement_token: card.token, kind: 'page_open', tab: newTab() }, address))
        .status,
    ).toBe(204);
    expect(await eventsOf(hotel.id)).toEqual([
      { placement_id: null, kind: 'details_entered', n: 1 },
      { placement_id: card.placementId, kind: 'page_open', n: 1 },
      { placement_id: null, kind: 'page_open', n: 2 },
      { placement_id: null, kind: 'review_tap', n: 1 },
      { placement_id: null, kind: 'share', n: 1 },
    ]);
  });

  it('the same tab at two hotels counts at each (the hash names the hotel)', async () => {
    const [one, two] = [await insertHotel(t.db), await insertHotel(t.db)];
    const tab = newTab();
    const address = newAddress();
    for (const hotel of [one, two])
      expect((await send({ hotel_id: hotel.id, kind: 'page_open', tab }, address)).status).toBe(204);
    expect(await eventsOf(one.id)).toEqual([{ placement_id: null, kind: 'page_open', n: 1 }]);
    expect(await eventsOf(two.id)).toEqual([{ placement_id: null, kind: 'page_open', n: 1 }]);
  });

  it('an unknown hotel, or a card of another hotel, is 404 and writes nothing', async () => {
    const [hotel, other] = [await insertHotel(t.db), await insertHotel(t.db)];
    const card = await placementWithToken(other.id, 'Pool');
    const address = newAddress();
    const before = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from ${funnelTabCalls}`))[0]!
      .n;
    const missing = await send(
      { hotel_id: '00000000-0000-4000-8000-000000000000', kind: 'page_open', tab: newTab() },
      address,
    );
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe(HOTEL_NOT_FOUND);
    const wrongCard = await send(
      { hotel_id: hotel.id, placement_token: card.token, kind: 'page_open', tab: newTab() },
      address,
    );
    expect(wrongCard.status).toBe(404);
    expect(wrongCard.body.detail).toBe(CARD_NOT_FOUND);
    expect(await eventsOf(hotel.id)).toEqual([]);
    expect(rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from ${funnelTabCalls}`))[0]!.n).toBe(
      before,
    );
  });

  it('refuses a bad kind or tab with 422 naming the field', async () => {
    const hotel = await insertHotel(t.db);
    const badKind = await send({ hotel_id: hotel.id, kind: 'scroll', tab: newTab() }, newAddress());
    expect(badKind.status).toBe(422);
    expect(badKind.body.detail).toMatch(/^kind must be one of/);
    const badTab = await send({ hotel_id: hotel.id, kind: 'page_open', tab: 'short' }, newAddress());
    expect(badTab.status).toBe(422);
    expect(badTab.body.detail).toMatch(/^tab must be/);
  });
});

describe('nothing personal', () => {
  it('stores no address, user agent, cookie or tab: the event row is hotel, card, day and kind', async () => {
    const hotel = await insertHotel(t.db);
    const tab = newTab();
    const address = '203.0.113.77';
    const res = await t.request('POST', '/api/guest/events', {
      json: { hotel_id: hotel.id, kind: 'page_open', tab },
      headers: {
        'X-Forwarded-For': address,
        'User-Agent': 'FunnelTestAgent/1.0',
        Cookie: 'funnel-cookie=crumb',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('Set-Cookie')).toBeNull();
    const columns = rowsOf<{ column_name: string }>(
      await t.db.execute(sql`
        select column_name from information_schema.columns where table_name = 'funnel_events' order by ordinal_position`),
    ).map((r) => r.column_name);
    expect(columns).toEqual(['id', 'hotel_id', 'placement_id', 'day', 'kind']);
    // Nothing the caller sent appears in any funnel table, as it is or hashed plainly.
    const dump = JSON.stringify(
      rowsOf(
        await t.db.execute(sql`
          select (select json_agg(e) from ${funnelEvents} e) as events, (select json_agg(c) from ${funnelTabCalls} c) as calls,
                 (select json_agg(k) from ${funnelDayKeys} k) as keys`),
      ),
    );
    for (const secret of [tab, address, 'FunnelTestAgent', 'crumb']) expect(dump.includes(secret), secret).toBe(false);
    const { createHash } = await import('node:crypto');
    expect(dump.includes(createHash('sha256').update(tab).digest('base64url'))).toBe(false);
  });

  it("a new day's first event makes a new key and deletes the older days' keys and hashes", async () => {
    const today = rowsOf<{ day: string }>(
      await t.db.execute(sql`select stayperks_business_day(now())::text as day`),
    )[0]!.day;
    // Yesterday's key and a hash of it, as they would be left; today as if no event had come yet.
    await t.db.execute(sql`delete from ${funnelDayKeys}`);
    const yesterday = addDays(today, -1);
    await insertOne(t.db, funnelDayKeys, { day: yesterday, key: 'old-key' });
    await insertOne(t.db, funnelTabCalls, { day: yesterday, hash: 'old-hash' });
    const hotel = await insertHotel(t.db);
    expect((await send({ hotel_id: hotel.id, kind: 'page_open', tab: newTab() }, newAddress())).status).toBe(204);
    const keys = await t.db.select().from(funnelDayKeys);
    expect(keys.map((k) => k.day)).toEqual([today]);
    expect(Buffer.from(keys[0]!.key, 'base64url')).toHaveLength(32);
    const days = rowsOf<{ day: string }>(
      await t.db.execute(sql`select distinct day::text as day from ${funnelTabCalls}`),
    );
    expect(days).toEqual([{ day: today }]);
    // The retention job's sweep, for a day with no event: everything before the day goes.
    expect(await deleteFunnelKeysBefore(t.db, addDays(today, 1))).toBe(1);
    expect(await t.db.select().from(funnelTabCalls)).toEqual([]);
  });
});

describe('limits', () => {
  it(`a tab's ${TAB_EVENT_LIMIT + 1}th call of a kind a day is 429, and it is counted once`, async () => {
    const hotel = await insertHotel(t.db);
    const tab = newTab();
    const address = newAddress();
    for (let i = 0; i < TAB_EVENT_LIMIT; i++)
      expect((await send({ hotel_id: hotel.id, kind: 'page_open', tab }, address)).status).toBe(204);
    for (let i = 0; i < 2; i++) {
      const refused = await send({ hotel_id: hotel.id, kind: 'page_open', tab }, address);
      expect(refused.status).toBe(429);
      expect(refused.body.detail).toBe(TAB_LIMIT_REACHED);
    }
    // Another kind from the same tab is its own count.
    expect((await send({ hotel_id: hotel.id, kind: 'details_entered', tab }, address)).status).toBe(204);
    expect(await eventsOf(hotel.id)).toEqual([
      { placement_id: null, kind: 'details_entered', n: 1 },
      { placement_id: null, kind: 'page_open', n: 1 },
    ]);
  });

  it('one address may send 60 events a minute; the 61st is 429 with Retry-After, another address goes on', async () => {
    const hotel = await insertHotel(t.db);
    const address = newAddress();
    for (let i = 0; i < 60; i++)
      expect((await send({ hotel_id: hotel.id, kind: 'page_open', tab: newTab() }, address)).status).toBe(204);
    const refused = await send({ hotel_id: hotel.id, kind: 'page_open', tab: newTab() }, address);
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/^Too many page events from this network\. Please try again in 1 minute\.$/);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('Retry-After'))).toBeLessThanOrEqual(60);
    expect((await send({ hotel_id: hotel.id, kind: 'page_open', tab: newTab() }, newAddress())).status).toBe(204);
    expect(await eventsOf(hotel.id)).toEqual([{ placement_id: null, kind: 'page_open', n: 61 }]);
  });
});
