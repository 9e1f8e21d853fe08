import { and, eq, sql } from 'drizzle-orm';
import { addDays } from '../../../shared/dates';
import { PAID_CHANNELS, type PaidChannel } from '../../../shared/schemas/messaging';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { MessagingSettings } from './messages.service';
import { messageDaySends, messages } from './table';

/**
 * Delivery at a glance (Settings › Message delivery; docs/OPERATING.md "Messages"): today's spend per paid channel
 * against its limit, what a limit holds back, and messages per business day by kind, channel and status.
 */

/** The worker's last_error on a message every channel's spend limit held back (messages.job.ts). */
const HELD_BY_LIMIT = 'daily spend limit reached%';

/**
 * How many messages a day's budget on a channel allows: the limit in paise over the price, as the worker counts it
 * (messages.job.ts); none when the channel is free.
 */
export function sendsAllowed(limitRupees: number, pricePaise: number): number | undefined {
  return pricePaise > 0 ? Math.floor((limitRupees * 100) / pricePaise) : undefined;
}

export interface ChannelToday {
  sends: number;
  spendPaise: number;
  limitRupees: number;
  limitReached: boolean;
}

/**
 * Each paid channel's sends on the business day `day` (message_day_sends: codes too, as the worker counts them),
 * their cost, the limit and whether it is reached (guest messages on it then wait).
 */
export async function channelsToday(
  db: Db,
  day: string,
  settings: Pick<MessagingSettings, 'spendLimits' | 'pricesPaise'>,
): Promise<Record<PaidChannel, ChannelToday>> {
  const rows = await db
    .select({ channel: messageDaySends.channel, sends: messageDaySends.sends })
    .from(messageDaySends)
    .where(eq(messageDaySends.day, day));
  const sendsOn = new Map(rows.map((row) => [row.channel, row.sends]));
  const today = {} as Record<PaidChannel, ChannelToday>;
  for (const channel of PAID_CHANNELS) {
    const sends = sendsOn.get(channel) ?? 0;
    const price = settings.pricesPaise[channel] ?? 0;
    const limitRupees = settings.spendLimits[channel] ?? 0;
    const allowed = sendsAllowed(limitRupees, price);
    today[channel] = {
      sends,
      spendPaise: sends * price,
      limitRupees,
      limitReached: allowed !== undefined && sends >= allowed,
    };
  }
  return today;
}

/** Messages waiting because every channel they could take is at its daily spend limit. */
export async function heldByLimit(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(eq(messages.status, 'queued'), sql`${messages.lastError} like ${HELD_BY_LIMIT}`));
  return row?.n ?? 0;
}

export interface DeliveryCount {
  day: string;
  kind: (typeof messages.$inferSelect)['kind'];
  channel: (typeof messages.$inferSelect)['channel'];
  status: (typeof messages.$inferSelect)['status'];
  count: number;
}

export interface DeliveryFailure {
  id: string;
  kind: DeliveryCount['kind'];
  channel: DeliveryCount['channel'];
  status: 'failed' | 'cancelled';
  createdAt: string;
  lastError: string | null;
}

/** How many failures and cancellations the view lists, latest first. */
export const LATEST_FAILURES = 20;

/**
 * Messages made on the `days` business days up to `today`, counted by day (business time zone), kind, channel and
 * status, and the latest failures and cancellations with their reason (never the recipient or the params). Both read
 * the range down messages_created_idx, so a season of messages costs only the range's rows.
 */
export async function deliveryFigures(
  db: Db,
  timeZone: string,
  today: string,
  days: number,
): Promise<{ from: string; counts: DeliveryCount[]; failures: DeliveryFailure[] }> {
  const from = addDays(today, -(days - 1));
  // The first day's midnight in the business time zone, as a moment, so the index on created_at bounds the scan.
  const since = sql`(${from}::date::timestamp at time zone ${timeZone})`;
  const counts = rowsOf<DeliveryCount>(
    await db.execute(sql`
      select to_char((${messages.createdAt} at time zone ${timeZone})::date, 'YYYY-MM-DD') as day,
        ${messages.kind} as kind, ${messages.channel} as channel, ${messages.status} as status, count(*)::int as count
      from ${messages}
      where ${messages.createdAt} >= ${since}
      group by 1, 2, 3, 4
      order by 1 desc, 2, 3, 4`),
  );
  const failures = rowsOf<DeliveryFailure>(
    await db.execute(sql`
      select ${messages.id} as "id", ${messages.kind} as "kind", ${messages.channel} as "channel",
        ${messages.status} as "status",
        to_char(${messages.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
        ${messages.lastError} as "lastError"
      from ${messages}
      where ${messages.createdAt} >= ${since} and ${messages.status} in ('failed', 'cancelled')
      order by ${messages.createdAt} desc, ${messages.id}
      limit ${LATEST_FAILURES}`),
  );
  return { from, counts, failures };
}
