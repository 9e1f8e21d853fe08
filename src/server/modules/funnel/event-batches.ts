import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { todayIn } from '../../../shared/dates';
import { TAB_EVENT_LIMIT, type GuestEventInput } from '../../../shared/schemas/funnel';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../platform/lib/errors';
import type { GuestEventQueue } from '../../platform/context';
import type { Logger } from '../../platform/lib/logger';
import { hotels } from '../hotels/table';
import { placements } from '../placements/table';
import {
  ADDRESS_EVENT_LIMIT,
  dayKey,
  resolveEventTarget,
  TAB_LIMIT_REACHED,
  tooManyFromAddress,
} from './funnel.service';
import { funnelAddressCalls, funnelDayKeys, funnelEvents, funnelTabCalls } from './table';

export interface GuestEventQueueOptions {
  db: Db;
  timeZone: string;
  logger?: Pick<Logger, 'warn'>;
  flushEveryMs?: number;
  maxBatch?: number;
  maxQueued?: number;
  /** The clock (tests set it). */
  now?: () => Date;
}

interface QueuedEvent {
  day: string;
  tabHash: string;
  addressHash: string;
  hotelId: string;
  placementId: string | null;
  kind: GuestEventInput['kind'];
}

/** How long a hotel and card once found are trusted without asking the database again, and how many are kept. */
const TARGET_TTL_MS = 5 * 60_000;
const TARGETS_KEPT = 10_000;
/** Tabs whose calls this server counts for the tab limit; past it the count starts over (a repeat is never counted). */
const TABS_KEPT = 100_000;
/** Addresses this server counts in a minute for its own 429. */
const ADDRESSES_KEPT = 200_000;

/**
 * The guest page's events, written in batches (docs/PRIVACY.md "Funnel", docs/DATA.md "Funnel"). A page open is
 * the busiest call there is, and it needs no answer but 204: the request checks what it can without the database
 * (the day's key, the hotel and card it has seen lately, this server's limits) and queues the event; every
 * `flushEveryMs`, or at `maxBatch` events, one transaction writes the queue with three set-based statements. What
 * counts is decided there, against the shared tables, so it holds across servers: an address's events past
 * ADDRESS_EVENT_LIMIT in a clock minute are dropped, and only a tab's first event of a kind a day is counted.
 *
 * The queue lives in memory for up to `flushEveryMs`: a server killed outright loses those events (a clean stop
 * writes them). A database outage keeps them queued (at most `maxQueued`, newer ones dropped) and retries.
 */
export function createGuestEventQueue(options: GuestEventQueueOptions): GuestEventQueue {
  const {
    db,
    timeZone,
    logger,
    flushEveryMs = 50,
    maxBatch = 500,
    maxQueued = 20_000,
    now = () => new Date(),
  } = options;
  let queue: QueuedEvent[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | undefined;
  let dropped = 0;
  let stopped = false;

  // The business day, worked out again at most once a second (a page open is the busiest call there is).
  let today = { day: '', until: 0 };
  const dayOf = (at: Date) => {
    if (at.getTime() >= today.until || at.getTime() < today.until - 1_000)
      today = { day: todayIn(timeZone, at), until: at.getTime() + 1_000 };
    return today.day;
  };

  // The day's key: made or read once a day per server (the first event of the day waits for it).
  let key: { day: string; key: Promise<KeyObject> } | undefined;
  const keyOf = (day: string) => {
    if (key?.day !== day) {
      const made = { day, key: dayKey(db, day).then((bytes) => createSecretKey(bytes)) };
      made.key.catch(() => {
        if (key === made) key = undefined; // a failed read is asked again by the next event
      });
      key = made;
    }
    return key.key;
  };

  // Hotels and cards seen lately: a removed one is dropped by the write (its rows must exist).
  const targets = new Map<string, { placementId: string | null; until: number }>();
  const targetOf = async (input: GuestEventInput) => {
    const name = `${input.hotel_id}|${input.placement_token ?? ''}`;
    const seen = targets.get(name);
    if (seen && seen.until > Date.now()) return seen.placementId;
    const placementId = await resolveEventTarget(db, input.hotel_id, input.placement_token ?? null);
    if (targets.size >= TARGETS_KEPT) targets.delete(targets.keys().next().value!);
    targets.set(name, { placementId, until: Date.now() + TARGET_TTL_MS });
    return placementId;
  };

  // This server's calls per tab hash today, for the tab's 429 (the count that matters is the shared one).
  let tabCalls = { day: '', calls: new Map<string, number>() };
  const tabCall = (day: string, hash: string) => {
    if (tabCalls.day !== day || tabCalls.calls.size >= TABS_KEPT) tabCalls = { day, calls: new Map() };
    const calls = (tabCalls.calls.get(hash) ?? 0) + 1;
    tabCalls.calls.set(hash, calls);
    return calls;
  };

  const schedule = () => {
    if (stopped) return;
    if (queue.length >= maxBatch) void flush();
    else timer ??= unref(setTimeout(() => void flush(), flushEveryMs));
  };

  // This server's count of each address's events in the current clock minute, for its 429 (the shared count is
  // the write's): the same minute the write counts in, so both limits end together.
  let minuteCalls = { minute: 0, calls: new Map<string, number>() };

  async function add(input: GuestEventInput, address: string) {
    const at = now();
    const minute = Math.floor(at.getTime() / 60_000);
    // A new minute starts a new count; so does a flood of addresses past ADDRESSES_KEPT (the shared count holds).
    if (minuteCalls.minute !== minute || minuteCalls.calls.size >= ADDRESSES_KEPT)
      minuteCalls = { minute, calls: new Map() };
    const sent = (minuteCalls.calls.get(address) ?? 0) + 1;
    minuteCalls.calls.set(address, sent);
    if (sent > ADDRESS_EVENT_LIMIT) throw tooManyFromAddress((minute + 1) * 60_000 - at.getTime());
    const placementId = await targetOf(input);
    const day = dayOf(at);
    const hmac = await keyOf(day);
    const tabHash = createHmac('sha256', hmac)
      .update(`${input.hotel_id}|${input.tab}|${input.kind}`)
      .digest('base64url');
    if (tabCall(day, tabHash) > TAB_EVENT_LIMIT) throw new AppError(429, TAB_LIMIT_REACHED);
    const addressHash = createHmac('sha256', hmac).update(`address|${address}|${minute}`).digest('base64url');
    if (queue.length >= maxQueued) {
      dropped++;
      return;
    }
    queue.push({ day, tabHash, addressHash, hotelId: input.hotel_id, placementId, kind: input.kind });
    schedule();
  }

  async function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    // One write at a time; a flush asked for meanwhile waits for it and then writes what came since.
    while (writing) await writing;
    if (!queue.length) return;
    const batch = queue.slice(0, maxBatch);
    queue = queue.slice(batch.length);
    writing = writeBatch(db, batch)
      .catch((error: unknown) => {
        // Kept for the next flush (the transaction wrote nothing), within the queue's bound.
        queue = [...batch, ...queue].slice(0, maxQueued);
        logger?.warn({ err: error, events: batch.length }, 'guest events not written; retrying');
        if (!stopped) timer ??= unref(setTimeout(() => void flush(), Math.max(flushEveryMs, 1_000)));
      })
      .finally(() => {
        writing = undefined;
      });
    await writing;
    if (dropped) {
      logger?.warn({ dropped }, 'guest events dropped: the queue was full');
      dropped = 0;
    }
    if (queue.length && !timer) schedule();
  }

  async function stop() {
    stopped = true;
    clearTimeout(timer);
    timer = undefined;
    await flush();
  }

  return { add, flush, stop };
}

/**
 * Writes one batch: per business day of it (two only around midnight), in one transaction, the addresses' calls,
 * then the tabs' calls of the events the address limit let through, then one event per tab hash seen for the first
 * time. A day whose key is gone (another server began the next day) writes nothing: its hashes could not be kept.
 */
async function writeBatch(db: Db, batch: QueuedEvent[]) {
  const days = [...new Set(batch.map((event) => event.day))];
  await db.transaction(async (tx) => {
    for (const day of days) {
      const events = batch.filter((event) => event.day === day);
      const allowed = await admittedByAddress(tx, day, events);
      const firsts = await firstOfTheirTab(tx, day, allowed);
      if (!firsts.length) continue;
      await tx.execute(sql`
        insert into ${funnelEvents} (hotel_id, placement_id, day, kind)
        select x.hotel_id, x.placement_id, ${day}::date, x.kind
        from jsonb_to_recordset(${JSON.stringify(firsts.map(({ hotelId, placementId, kind }) => ({ hotel_id: hotelId, placement_id: placementId, kind })))}::jsonb)
          as x(hotel_id uuid, placement_id uuid, kind text)
        where exists (select 1 from ${hotels} h where h.id = x.hotel_id)
          and (x.placement_id is null or exists (select 1 from ${placements} p where p.id = x.placement_id))`);
    }
  });
}

/** Counts `events` against their addresses' minutes and answers those within ADDRESS_EVENT_LIMIT, in order. */
async function admittedByAddress(tx: Db, day: string, events: QueuedEvent[]) {
  const sent = countBy(events, (event) => event.addressHash);
  const totals = await addCalls(tx, funnelAddressCalls, day, sent);
  const left = new Map(
    [...sent].map(([hash, n]) => [hash, ADDRESS_EVENT_LIMIT - ((totals.get(hash) ?? Infinity) - n)]),
  );
  return events.filter((event) => {
    const room = left.get(event.addressHash)!;
    left.set(event.addressHash, room - 1);
    return room > 0;
  });
}

/** Counts `events` against their tabs' hashes and answers the first event of each hash never seen before today. */
async function firstOfTheirTab(tx: Db, day: string, events: QueuedEvent[]) {
  const sent = countBy(events, (event) => event.tabHash);
  const totals = await addCalls(tx, funnelTabCalls, day, sent);
  const firsts = new Map<string, QueuedEvent>();
  for (const event of events)
    if (totals.get(event.tabHash) === sent.get(event.tabHash) && !firsts.has(event.tabHash))
      firsts.set(event.tabHash, event);
  return [...firsts.values()];
}

/**
 * Adds `sent` calls per hash to the day's counts in `table` (funnel_address_calls or funnel_tab_calls) and answers
 * each hash's total after them. Hashes go in order, so two servers' batches lock the same rows in the same order.
 * Nothing is written when the day's key is gone.
 */
async function addCalls(
  tx: Db,
  table: typeof funnelAddressCalls | typeof funnelTabCalls,
  day: string,
  sent: Map<string, number>,
) {
  const rows = [...sent].sort(([a], [b]) => (a < b ? -1 : 1)).map(([hash, n]) => ({ hash, n }));
  const totals = rowsOf<{ hash: string; calls: number }>(
    await tx.execute(sql`
      insert into ${table} as t (day, hash, calls)
      select ${day}::date, x.hash, x.n from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(hash text, n int)
      where exists (select 1 from ${funnelDayKeys} k where k.day = ${day}::date)
      order by x.hash
      on conflict (day, hash) do update set calls = t.calls + excluded.calls
      returning hash, calls`),
  );
  return new Map(totals.map((row) => [row.hash, Number(row.calls)]));
}

/** A timer that does not keep the process alive on its own (a clean stop flushes). */
const unref = (timer: NodeJS.Timeout) => timer.unref();

function countBy<T>(items: T[], keyOf: (item: T) => string) {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(keyOf(item), (counts.get(keyOf(item)) ?? 0) + 1);
  return counts;
}
