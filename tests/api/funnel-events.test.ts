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
import { TAB_EVENT_LIMIT, type GuestEventInput } from '../../src/shared/schemas/funnel';
import { createGuestEventQueue } from '../../src/server/modules/funnel/event-batches';
import { addDays, todayIn } from '../../src/shared/dates';
import { useTestContext } from '../support';
import { insertHotel } from '../support/factories';
import { insertOne } from '../support/insert-one';
import {
  funnelAddressCalls,
  funnelDayKeys,
  funnelEvents,
  funnelTabCalls,
  placements,
  placementTokens,
} from '../support/tables';

/**
 * POST /api/guest/events (docs/PRIVACY.md "Funnel"): counted once per tab and kind a business day, stored without
 * anything of the caller, the day's key and hashes gone once the day is over, and its two limits.
 */
const t = useTestContext({ env: { TRUST_PROXY: '1' } });

/** A fresh address for each test, so the per-address limit of one test never reaches another. */
let addressSeq = 1;
const newAddress = () => `10.27.${Math.floor(addressSeq / 250)}.${addressSeq++ % 250}`;
const newTab = () => randomBytes(16).toString('base64url');

const event = (hotelId: string, tab: string): GuestEventInput => ({
  hotel_id: hotelId,
  placement_token: null,
  kind: 'page_open',
  tab,
});

function send(body: Record<string, unknown>, address: string) {
  return t.request('POST', '/api/guest/events', { json: body, headers: { 'X-Forwarded-For': address } });
}

/** The hotel's counted events, once the queued ones are written. */
const eventsOf = async (hotelId: string) => {
  await t.flushGuestEvents();
  return rowsOf<{ placement_id: string | null; kind: string; n: number }>(
    await t.db.execute(sql`
      select placement_id, kind, count(*)::int as n from ${funnelEvents} where hotel_id = ${hotelId}::uuid
      group by 1, 2 order by 2, 1`),
  );
};

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
    await t.flushGuestEvents();
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
                 (select json_agg(a) from ${funnelAddressCalls} a) as addresses,
                 (select json_agg(k) from ${funnelDayKeys} k) as keys`),
      ),
    );
    for (const secret of [tab, address, 'FunnelTestAgent', 'crumb']) expect(dump.includes(secret), secret).toBe(false);
    const { createHash } = await import('node:crypto');
    expect(dump.includes(createHash('sha256').update(tab).digest('base64url'))).toBe(false);
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

describe('written in batches', () => {
  /** Another server on the same database: its own queue, its own memory. */
  const server = (now?: () => Date) => createGuestEventQueue({ db: t.db, timeZone: t.config.timeZone, now });
  const at = new Date();

  it('two servers count a tab once and hold an address to 60 events in a minute between them', async () => {
    const hotel = await insertHotel(t.db);
    const [one, two] = [server(() => at), server(() => at)];
    const tab = newTab();
    for (const queue of [one, two]) await queue.add(event(hotel.id, tab), '198.51.100.1');
    for (let i = 0; i < 40; i++) {
      await one.add(event(hotel.id, newTab()), '198.51.100.2');
      await two.add(event(hotel.id, newTab()), '198.51.100.2');
    }
    await Promise.all([one.flush(), two.flush()]);
    expect(await eventsOf(hotel.id)).toEqual([{ placement_id: null, kind: 'page_open', n: 1 + 60 }]);
    // The next minute the address starts again.
    const later = server(() => new Date(at.getTime() + 60_000));
    await later.add(event(hotel.id, newTab()), '198.51.100.2');
    await later.stop(); // a clean stop writes what is queued
    expect(await eventsOf(hotel.id)).toEqual([{ placement_id: null, kind: 'page_open', n: 62 }]);
  });

  it('a write that fails is tried again and counts each event once', async () => {
    const hotel = await insertHotel(t.db);
    let failures = 1;
    const flaky = new Proxy(t.db, {
      get: (target, name) =>
        name === 'transaction' && failures-- > 0
          ? () => Promise.reject(new Error('connection terminated'))
          : Reflect.get(target, name),
    });
    const warnings: unknown[] = [];
    const queue = createGuestEventQueue({
      db: flaky,
      timeZone: t.config.timeZone,
      logger: { warn: (...args: unknown[]) => void warnings.push(args) },
    });
    const tab = newTab();
    await queue.add(event(hotel.id, tab), '198.51.100.3');
    await queue.add(event(hotel.id, newTab()), '198.51.100.3');
    await queue.flush();
    expect(warnings).toHaveLength(1);
    expect(await eventsOf(hotel.id)).toEqual([]);
    await queue.add(event(hotel.id, tab), '198.51.100.3'); // a repeat of a tab still queued
    await queue.stop();
    expect(await eventsOf(hotel.id)).toEqual([{ placement_id: null, kind: 'page_open', n: 2 }]);
  });

  it('drops the events of a hotel removed before they were written', async () => {
    const hotel = await insertHotel(t.db);
    const queue = server();
    await queue.add(event(hotel.id, newTab()), '198.51.100.4');
    await t.db.execute(sql`delete from hotels where id = ${hotel.id}::uuid`);
    await queue.stop();
    expect(await eventsOf(hotel.id)).toEqual([]);
  });

  // Last: it starts a new business day, whose first event deletes every older day's key (today's too).
  it("a new day's first event makes a new key and deletes the older days' keys and hashes", async () => {
    const today = todayIn(t.config.timeZone, at);
    const [yesterday, tomorrow] = [addDays(today, -1), addDays(today, 1)];
    // Yesterday's key and a hash of it, as a server that stopped then would have left them.
    await t.db.execute(
      sql`insert into ${funnelDayKeys} (day, key) values (${yesterday}, 'old-key') on conflict do nothing`,
    );
    await insertOne(t.db, funnelTabCalls, { day: yesterday, hash: 'old-hash' });
    const hotel = await insertHotel(t.db);
    const nextDay = server(() => new Date(at.getTime() + 86_400_000));
    await nextDay.add(event(hotel.id, newTab()), '198.51.100.5');
    await nextDay.stop();
    const keys = await t.db.select().from(funnelDayKeys);
    expect(keys.map((k) => k.day)).toEqual([tomorrow]);
    expect(Buffer.from(keys[0]!.key, 'base64url')).toHaveLength(32);
    for (const table of [funnelTabCalls, funnelAddressCalls]) {
      const days = rowsOf<{ day: string }>(await t.db.execute(sql`select distinct day::text as day from ${table}`));
      expect(days).toEqual([{ day: tomorrow }]);
    }
    const counted = rowsOf<{ day: string }>(
      await t.db.execute(sql`select day::text as day from ${funnelEvents} where hotel_id = ${hotel.id}::uuid`),
    );
    expect(counted).toEqual([{ day: tomorrow }]);
    // The retention job's sweep, for a day with no event: everything before the day goes.
    expect(await deleteFunnelKeysBefore(t.db, addDays(tomorrow, 1))).toBe(1);
    expect(await t.db.select().from(funnelTabCalls)).toEqual([]);
    expect(await t.db.select().from(funnelAddressCalls)).toEqual([]);
  });
});
