import { hostname } from 'node:os';
import { sql, type SQL } from 'drizzle-orm';
import { todayIn } from '../../../shared/dates';
import { ERASED_MOBILE } from '../../../shared/privacy';
import type { Db } from '../../db/client';
import { claimJobSlot, finishJobSlot } from '../../platform/jobs/job-slots';
import { startPeriodicJob, type PeriodicJob } from '../../platform/jobs/periodic';
import { coupons } from '../coupons/table';
import { customerScans } from '../customer-scans/table';
import { hotels } from '../hotels/table';
import { enqueueSelected, getMessagingSettings } from '../messages/messages.service';
import { GUEST_MESSAGE_KINDS } from '../messages/table';
import { offers } from '../offers/table';

/**
 * The reminders job (docs/PRODUCT.md "Reminders", docs/OPERATING.md "Messages"): every 5 minutes (and once at start)
 * it queues, in the outbox, the reminders and review requests that are due, for guests who ticked the reminders box,
 * have not opted out and are not anonymised or erased. One server does the work of each 15-minute slot
 * (platform/jobs/job-slots.ts); each kind is one `insert … select … on conflict do nothing` (modules/messages'
 * enqueueSelected), so no scan is loaded into the server and a (scan, kind, voucher) is queued once, however often
 * and on however many servers the job runs. Queued messages carry no text: the composers write it at send time
 * (reminders.compose.ts), and the worker waits for 09:00 (quiet hours). "Today" is the business time zone's.
 *
 * - checkout_reminder (subject: the scan, key ''): check-out is today and a voucher is unused (not redeemed, not
 *   cancelled, its offer still valid); goes from 09:00, cancelled after 21:00.
 * - expiry_reminder (subject: the scan, key: the coupon): an unused voucher whose offer ends on day D, today being
 *   D-1 or D (48 hours before the end of D), when D-1 is at most 3 days after check-out (no reminders to guests long
 *   gone) and the scan was made before D-1 began (never right after picking); from D-1 09:00 until D 21:00.
 * - review_request (subject: the scan, key ''): check-out was yesterday or the day before (a day missed during an
 *   outage is caught up), and the hotel has a Google review link; to every consenting guest, whatever they redeemed;
 *   from the day after check-out at 09:00 until the next day's 21:00.
 *
 * A kind switched off in Settings (messaging_settings.disabled_kinds) is not queued. A message whose window is over
 * when the job runs is not queued either. The work list is customer_scans_reminders_idx (check-out dates of
 * consenting, not opted-out, not anonymised scans): a few days of a season's scans.
 */
export const REMINDERS_JOB = 'guest-reminders';
export const REMINDERS_INTERVAL_MS = 5 * 60_000;
const SLOT_MS = 15 * 60_000;
const TAKEOVER_MINUTES = 10;
export const SEND_FROM = '09:00';
export const SEND_UNTIL = '21:00';
/** Expiry reminders stop for a voucher ending more than this many days after its stay's check-out (plus one). */
export const EXPIRY_REMINDER_DAYS_AFTER_CHECKOUT = 3;

export type GuestMessageKind = (typeof GUEST_MESSAGE_KINDS)[number];

export interface RemindersOptions {
  db: Db;
  timeZone: string;
  /** Names this server in job_runs.claimed_by (default host:pid). */
  serverId?: string;
  now?: () => Date;
  /** The outbox worker's kick: what was queued and is due goes out at once. */
  kick?: () => void;
  log?: (message: string) => void;
}

export interface RemindersRun {
  /** The 15-minute slot (its start, UTC). */
  slot: string;
  /** false when another run (any server) had the slot: nothing was done. */
  ran: boolean;
  queued: Record<GuestMessageKind, number>;
}

/** The 15-minute slot of `now`: '2026-11-27T03:30Z'. */
export const reminderSlot = (now: Date) =>
  `${new Date(Math.floor(now.getTime() / SLOT_MS) * SLOT_MS).toISOString().slice(0, 16)}Z`;

/**
 * Each kind's select, in the column order enqueueSelected takes: subject, kind, key, channel, recipient, hotel_id,
 * scan_id, next_attempt_at, expires_at. Guest messages start on 'push', the top of the channel order: the worker
 * begins at the best channel that reaches the guest.
 */
function selects(today: string, now: Date, timeZone: string): Record<GuestMessageKind, SQL> {
  const T = sql`${today}::date`;
  const at = (day: SQL, time: string) => sql`((${day}) + ${time}::time) at time zone ${timeZone}`;
  const nowAt = sql`${now.toISOString()}::timestamptz`;
  const s = customerScans;
  // The partial index's own condition (customer_scans_reminders_idx), and a number still there to write to.
  const consenting = sql`${s.remindersOptIn} and ${s.remindersOptedOutAt} is null and ${s.anonymisedAt} is null
    and ${s.mobileNumber} <> ${ERASED_MOBILE}`;
  const unused = sql`not ${coupons.isRedeemed} and ${coupons.cancelledAt} is null`;
  const columns = (kind: GuestMessageKind, key: SQL, from: SQL, until: SQL) =>
    sql`${s.id}::text, ${kind}, ${key}, 'push', ${s.mobileNumber}, ${s.hotelId}, ${s.id}, ${from}, ${until}`;
  const D = sql`${offers.validityTo}`;
  return {
    checkout_reminder: sql`
      select ${columns('checkout_reminder', sql`''`, at(T, SEND_FROM), at(T, SEND_UNTIL))}
      from ${s}
      where ${consenting} and ${s.checkoutDate} = ${T} and ${at(T, SEND_UNTIL)} > ${nowAt}
        -- Not to a guest who picked the vouchers this morning: they know what they have.
        and ${s.scanDate} < ${T}::timestamp at time zone ${timeZone}
        and exists (
          select 1 from ${coupons} join ${offers} on ${offers.id} = ${coupons.offerId}
          where ${coupons.scanId} = ${s.id} and ${unused} and ${offers.validityTo} >= ${T})`,
    expiry_reminder: sql`
      select ${columns('expiry_reminder', sql`${coupons.id}::text`, at(sql`${D} - 1`, SEND_FROM), at(D, SEND_UNTIL))}
      from ${s}
      join ${coupons} on ${coupons.scanId} = ${s.id}
      join ${offers} on ${offers.id} = ${coupons.offerId}
      where ${consenting}
        and ${s.checkoutDate} >= ${T} - ${EXPIRY_REMINDER_DAYS_AFTER_CHECKOUT + 1}::int
        and ${D} between ${T} and ${T} + 1
        and ${D} - 1 <= ${s.checkoutDate} + ${EXPIRY_REMINDER_DAYS_AFTER_CHECKOUT}::int
        and ${unused}
        and ${s.scanDate} < (${D} - 1)::timestamp at time zone ${timeZone}
        and ${at(D, SEND_UNTIL)} > ${nowAt}`,
    review_request: sql`
      select ${columns('review_request', sql`''`, at(sql`${s.checkoutDate} + 1`, SEND_FROM), at(sql`${s.checkoutDate} + 2`, SEND_UNTIL))}
      from ${s}
      join ${hotels} on ${hotels.id} = ${s.hotelId}
      where ${consenting}
        and ${s.checkoutDate} between ${T} - 2 and ${T} - 1
        and (coalesce(${hotels.googlePlaceId}, '') <> '' or coalesce(${hotels.googleLink}, '') <> '')
        -- A hotel that left the programme asks nobody for a review through it.
        and ${hotels.isActive} and ${hotels.archivedAt} is null
        and ${at(sql`${s.checkoutDate} + 2`, SEND_UNTIL)} > ${nowAt}`,
  };
}

/** Claims the slot of `now` and, when this server won it, queues what is due: one statement per kind. */
export async function runReminders(options: RemindersOptions, now: Date): Promise<RemindersRun> {
  const { db, timeZone } = options;
  const slot = reminderSlot(now);
  const queued: Record<GuestMessageKind, number> = { checkout_reminder: 0, expiry_reminder: 0, review_request: 0 };
  const serverId = options.serverId ?? `${hostname()}:${process.pid}`;
  if (!(await claimJobSlot(db, REMINDERS_JOB, slot, serverId, TAKEOVER_MINUTES))) return { slot, ran: false, queued };
  const disabled = new Set((await getMessagingSettings(db)).disabledKinds);
  const kinds = selects(todayIn(timeZone, now), now, timeZone);
  for (const kind of GUEST_MESSAGE_KINDS) {
    if (!disabled.has(kind)) queued[kind] = await enqueueSelected(db, kinds[kind]);
  }
  await finishJobSlot(db, REMINDERS_JOB, slot);
  if (queued.checkout_reminder + queued.expiry_reminder + queued.review_request > 0) options.kick?.();
  return { slot, ran: true, queued };
}

export type RemindersJob = PeriodicJob<RemindersRun>;

/** Starts the job: once soon after start (START_CHECK_DELAY_MS), then every REMINDERS_INTERVAL_MS. */
export function startRemindersJob(options: RemindersOptions & { intervalMs?: number; timer?: boolean }): RemindersJob {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((message: string) => console.log(message));
  return startPeriodicJob({
    async check(stopped) {
      if (stopped.aborted) return undefined;
      const run = await runReminders(options, now());
      const { checkout_reminder: checkout, expiry_reminder: expiry, review_request: review } = run.queued;
      if (checkout + expiry + review > 0)
        log(`Reminders queued: ${checkout} check-out, ${expiry} expiry, ${review} review request(s)`);
      return run;
    },
    intervalMs: options.intervalMs ?? REMINDERS_INTERVAL_MS,
    timer: options.timer,
    atStart: true,
    log,
    failure: 'Queuing reminders failed',
  });
}
