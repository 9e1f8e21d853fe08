import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { AppError, notFound } from '../../platform/lib/errors';
import { placements, placementTokens } from '../placements/table';
import { hotels } from '../hotels/table';
import { funnelDayKeys } from './table';

export const HOTEL_NOT_FOUND = 'Hotel not found';
export const CARD_NOT_FOUND = 'Card not found';
/** Events one address may send in a clock minute: a hotel's Wi-Fi full of guests gets through, a script not. */
export const ADDRESS_EVENT_LIMIT = 60;
export const TAB_LIMIT_REACHED = 'This page has already sent this event too many times today';

/** The 429 for an address past ADDRESS_EVENT_LIMIT, `waitMs` before its minute ends. */
export function tooManyFromAddress(waitMs: number) {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new AppError(429, 'Too many page events from this network. Please try again in 1 minute.', {
    'Retry-After': String(seconds),
  });
}

/**
 * The business day's HMAC key (docs/PRIVACY.md "Funnel"): made at random by the day's first event, and every older
 * day's key deleted with it, their hashes going by cascade, so a past day's hashes can never be recomputed. The
 * retention job (deleteFunnelKeysBefore) deletes them too on a day with no events.
 */
export async function dayKey(db: Db, day: string): Promise<Buffer> {
  const read = async () =>
    rowsOf<{ key: string }>(await db.execute(sql`select key from ${funnelDayKeys} where day = ${day}::date`))[0]?.key;
  let key = await read();
  if (key === undefined) {
    // Concurrent first events: one insert wins, the others wait for it and then read its key.
    await db.execute(sql`
      insert into ${funnelDayKeys} (day, key) values (${day}::date, ${randomBytes(32).toString('base64url')})
      on conflict (day) do nothing`);
    await deleteFunnelKeysBefore(db, day);
    key = await read();
  }
  return Buffer.from(key!, 'base64url');
}

/** Deletes the keys (and by cascade the hashes) of the business days before `day`. Answers how many keys went. */
export async function deleteFunnelKeysBefore(db: Db, day: string): Promise<number> {
  return rowsOf(await db.execute(sql`delete from ${funnelDayKeys} where day < ${day}::date returning day`)).length;
}

/**
 * The card a guest event names (POST /guest/events): null for the hotel's own link, the card's placement for a card's
 * token (a retired token still names its card: a card left in a room counts there). An unknown hotel, or a token
 * that is not one of the hotel's cards, is "not found".
 */
export async function resolveEventTarget(
  db: Db,
  hotelId: string,
  placementToken: string | null,
): Promise<string | null> {
  const [target] = rowsOf<{ placement_id: string | null }>(
    await db.execute(sql`
      select (select p.id from ${placementTokens} t join ${placements} p on p.id = t.placement_id
          where t.token = ${placementToken ?? ''} and p.hotel_id = h.id) as placement_id
      from ${hotels} h where h.id = ${hotelId}::uuid`),
  );
  if (!target) throw notFound(HOTEL_NOT_FOUND);
  if (placementToken !== null && target.placement_id === null) throw notFound(CARD_NOT_FOUND);
  return target.placement_id;
}
