import { sql } from 'drizzle-orm';
import { bigserial, check, date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { GUEST_EVENT_KINDS } from '../../../shared/schemas/funnel';
import { uuidRef } from '../../db/columns';
import { hotels } from '../hotels/table';
import { placements } from '../placements/table';

const kindList = sql.raw(GUEST_EVENT_KINDS.map((kind) => `'${kind}'`).join(', '));

/**
 * The guest funnel's events (docs/PRIVACY.md "Funnel", docs/DATA.md "Funnel"). Nothing here names a guest, a tab, an
 * address or a device: de-duplication is a keyed hash under a random key of the business day, and the key and the
 * day's hashes are deleted once the day is over, so nobody (not even we) can recompute a past day's hashes.
 */

/** The business day's random HMAC key (base64url, 32 bytes): one row, today's; older rows are deleted. */
export const funnelDayKeys = pgTable('funnel_day_keys', {
  day: date('day').primaryKey(),
  key: text('key').notNull(),
});

/**
 * Calls a tab made of one kind today, by HMAC(day key, hotel|tab|kind): the first is counted, after
 * TAB_EVENT_LIMIT the tab is answered 429. Deleted with the day's key (cascade).
 */
export const funnelTabCalls = pgTable(
  'funnel_tab_calls',
  {
    day: date('day')
      .notNull()
      .references(() => funnelDayKeys.day, { onDelete: 'cascade' }),
    hash: text('hash').notNull(),
    calls: integer('calls').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.day, t.hash] })],
);

/**
 * Events an address sent in one clock minute of the day, by HMAC(day key, address|minute): the events beyond the
 * address limit in that minute are not counted, whichever server took them. Deleted with the day's key (cascade).
 */
export const funnelAddressCalls = pgTable(
  'funnel_address_calls',
  {
    day: date('day')
      .notNull()
      .references(() => funnelDayKeys.day, { onDelete: 'cascade' }),
    hash: text('hash').notNull(),
    calls: integer('calls').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.hash] })],
);

/**
 * The counted events, append-only: hotel, card (null: the hotel's old link), business day and kind, no time of day,
 * tab or hash. The base table funnel_daily_stats' event counts are rebuilt from (the hashes are gone by then).
 */
export const funnelEvents = pgTable(
  'funnel_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // A bare hotel (nothing issued, nothing paid) may be deleted (hotels.service deleteHotel): its opens go with it.
    hotelId: uuidRef('hotel_id', () => hotels.id, { onDelete: 'cascade' }),
    placementId: uuid('placement_id').references(() => placements.id),
    day: date('day').notNull(),
    kind: text('kind', { enum: GUEST_EVENT_KINDS }).notNull(),
  },
  (t) => [
    index('funnel_events_hotel_day_idx').on(t.hotelId, t.day),
    check('funnel_events_kind_check', sql`${t.kind} in (${kindList})`),
  ],
);
