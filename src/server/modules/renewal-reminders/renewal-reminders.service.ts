import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { addDays, type IsoDate } from '../../../shared/dates';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { hotels } from '../hotels/table';
import { locations } from '../locations/table';
import { messages } from '../messages/table';
import {
  daysBetween,
  parseRenewalKey,
  RENEWAL_THRESHOLDS,
  RENEWAL_WINDOW_DAYS,
  renewalKeys,
  type RenewalThreshold,
} from './renewal-keys';

/** One reminder that went out for a hotel's current end date: its days, when it first went, and on which channels. */
export interface SentReminder {
  days: RenewalThreshold;
  sentAt: Date;
  channels: string[];
}

/**
 * The reminders sent for each hotel's current end date (docs/PRODUCT.md "Renewal reminders"), 30 first: read by the
 * outbox's unique (subject, kind, key) index, one equality per possible key. Queued, failed or cancelled ones are
 * not counted: "reminded" means it went.
 */
export async function sentReminders(
  db: Db,
  ends: { hotelId: string; end: IsoDate }[],
): Promise<Map<string, SentReminder[]>> {
  const found = new Map<string, SentReminder[]>();
  if (ends.length === 0) return found;
  const rows = await db
    .select({ subject: messages.subject, key: messages.key, channel: messages.channel, sentAt: messages.sentAt })
    .from(messages)
    .where(
      and(
        eq(messages.kind, 'renewal_reminder'),
        eq(messages.status, 'sent'),
        or(
          ...ends.map(({ hotelId, end }) =>
            and(eq(messages.subject, hotelId), inArray(messages.key, renewalKeys(end))),
          ),
        ),
      ),
    );
  for (const row of rows) {
    const key = parseRenewalKey(row.key);
    if (!key || !row.sentAt) continue;
    const list = found.get(row.subject) ?? [];
    const same = list.find((reminder) => reminder.days === key.days);
    if (!same) list.push({ days: key.days, sentAt: row.sentAt, channels: [row.channel] });
    else {
      if (row.sentAt < same.sentAt) same.sentAt = row.sentAt;
      if (!same.channels.includes(row.channel)) same.channels.push(row.channel);
    }
    found.set(row.subject, list);
  }
  for (const list of found.values()) {
    list.sort((a, b) => RENEWAL_THRESHOLDS.indexOf(a.days) - RENEWAL_THRESHOLDS.indexOf(b.days));
    for (const reminder of list) reminder.channels.sort();
  }
  return found;
}

/** A hotel's subscription in its last 30 days: the end, the days to it, and the reminders that went. */
export interface RenewalNotice {
  end: IsoDate;
  daysToEnd: number;
  reminders: SentReminder[];
}

/** The hotel dashboard's notice: none outside the last 30 days (an ended subscription has a notice of its own). */
export async function renewalNotice(
  db: Db,
  hotelId: string,
  end: IsoDate | null,
  today: IsoDate,
): Promise<RenewalNotice | null> {
  if (end === null || end < today || daysBetween(today, end) > RENEWAL_WINDOW_DAYS) return null;
  const reminders = (await sentReminders(db, [{ hotelId, end }])).get(hotelId) ?? [];
  return { end, daysToEnd: daysBetween(today, end), reminders };
}

/** The most hotels Renewal Tracking lists by name (the soonest ends first); the total says how many more. */
export const RENEWALS_DUE_LIMIT = 200;

export interface RenewalDueRow {
  hotelId: string;
  hotelName: string;
  location: string;
  end: IsoDate;
  daysToEnd: number;
  reminders: SentReminder[];
}

/**
 * Renewal Tracking's list of who was reminded: active, not archived hotels whose subscription ends within 30 days
 * (today included), soonest first, with the reminders sent for that end date. Two statements: the hotels (a pass over
 * hotels, which has no index on the end date: 10,000 rows at scale 10), then their reminders by key.
 */
export async function renewalsDue(db: Db, today: IsoDate): Promise<{ total: number; rows: RenewalDueRow[] }> {
  const last = addDays(today, RENEWAL_WINDOW_DAYS);
  const hotelRows = rowsOf<{ id: string; name: string; location: string; end: string; total: number }>(
    await db.execute(sql`
      select ${hotels.id} as id, ${hotels.name} as name, ${locations.name} as location,
        to_char(${hotels.subscriptionEnd}, 'YYYY-MM-DD') as "end", (count(*) over ())::int as total
      from ${hotels} join ${locations} on ${locations.id} = ${hotels.locationId}
      where ${hotels.isActive} and ${hotels.archivedAt} is null
        and ${hotels.subscriptionEnd} between ${today}::date and ${last}::date
      order by ${hotels.subscriptionEnd}, lower(${hotels.name}), ${hotels.id}
      limit ${RENEWALS_DUE_LIMIT}`),
  );
  const sent = await sentReminders(
    db,
    hotelRows.map((row) => ({ hotelId: row.id, end: row.end })),
  );
  return {
    total: hotelRows[0]?.total ?? 0,
    rows: hotelRows.map((row) => ({
      hotelId: row.id,
      hotelName: row.name,
      location: row.location,
      end: row.end,
      daysToEnd: daysBetween(today, row.end),
      reminders: sent.get(row.id) ?? [],
    })),
  };
}
