import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { TAB_EVENT_LIMIT, type GuestEventInput } from '../../../shared/schemas/funnel';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { AppError, notFound } from '../../platform/lib/errors';
import { placements, placementTokens } from '../placements/table';
import { hotels } from '../hotels/table';
import { funnelDayKeys, funnelEvents, funnelTabCalls } from './table';

export const HOTEL_NOT_FOUND = 'Hotel not found';
export const CARD_NOT_FOUND = 'Card not found';
export const TAB_LIMIT_REACHED = 'This page has already sent this event too many times today';

/**
 * The business day's HMAC key (docs/PRIVACY.md "Funnel"): made at random by the day's first event, and every older
 * day's key deleted with it, their hashes going by cascade, so a past day's hashes can never be recomputed. The
 * retention job (deleteFunnelKeysBefore) deletes them too on a day with no events.
 */
async function dayKey(tx: Db, day: string): Promise<Buffer> {
  const read = async () =>
    rowsOf<{ key: string }>(await tx.execute(sql`select key from ${funnelDayKeys} where day = ${day}::date`))[0]?.key;
  let key = await read();
  if (key === undefined) {
    // Concurrent first events: one insert wins, the others wait for it and then read its key.
    await tx.execute(sql`
      insert into ${funnelDayKeys} (day, key) values (${day}::date, ${randomBytes(32).toString('base64url')})
      on conflict (day) do nothing`);
    await deleteFunnelKeysBefore(tx, day);
    key = await read();
  }
  return Buffer.from(key!, 'base64url');
}

/** Deletes the keys (and by cascade the hashes) of the business days before `day`. Answers how many keys went. */
export async function deleteFunnelKeysBefore(db: Db, day: string): Promise<number> {
  return rowsOf(await db.execute(sql`delete from ${funnelDayKeys} where day < ${day}::date returning day`)).length;
}

/**
 * Counts a guest page's event (POST /guest/events): the first call of its kind from its tab today is stored in
 * funnel_events (whose trigger moves funnel_daily_stats in this transaction), repeats are not, and a tab past
 * TAB_EVENT_LIMIT calls of a kind a day is answered 429. Answers whether the event was counted.
 */
export async function recordGuestEvent(db: Db, input: GuestEventInput): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [target] = rowsOf<{ day: string; placement_id: string | null }>(
      await tx.execute(sql`
        select stayperks_business_day(now())::text as day,
          (select p.id from ${placementTokens} t join ${placements} p on p.id = t.placement_id
            where t.token = ${input.placement_token ?? ''} and p.hotel_id = h.id) as placement_id
        from ${hotels} h where h.id = ${input.hotel_id}::uuid`),
    );
    if (!target) throw notFound(HOTEL_NOT_FOUND);
    // A retired token still names its card (a card left in a room): its opens count there.
    if (input.placement_token !== null && target.placement_id === null) throw notFound(CARD_NOT_FOUND);
    const key = await dayKey(tx, target.day);
    const hash = createHmac('sha256', key).update(`${input.hotel_id}|${input.tab}|${input.kind}`).digest('base64url');
    const [seen] = rowsOf<{ calls: number }>(
      await tx.execute(sql`
        insert into ${funnelTabCalls} (day, hash) values (${target.day}::date, ${hash})
        on conflict (day, hash) do update set calls = ${funnelTabCalls.calls} + 1
        returning calls`),
    );
    // Thrown in the transaction: the call is not added, so the tab stays just past the limit.
    if (seen!.calls > TAB_EVENT_LIMIT) throw new AppError(429, TAB_LIMIT_REACHED);
    if (seen!.calls > 1) return false;
    await tx.insert(funnelEvents).values({
      hotelId: input.hotel_id,
      placementId: target.placement_id,
      day: target.day,
      kind: input.kind,
    });
    return true;
  });
}
