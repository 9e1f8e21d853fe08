import { hostname } from 'node:os';
import { sql, type SQL } from 'drizzle-orm';
import { todayIn } from '../../../shared/dates';
import type { Db } from '../../db/client';
import { claimJobSlot, finishJobSlot } from '../../platform/jobs/job-slots';
import { startPeriodicJob, type PeriodicJob } from '../../platform/jobs/periodic';
import type { ProviderChannel } from '../../platform/messaging/messenger';
import { hotels } from '../hotels/table';
import { hotelBilling } from '../invoices/table';
import { enqueueSelected, getMessagingSettings } from '../messages/messages.service';
import { RENEWAL_WINDOW_DAYS } from './renewal-keys';

/**
 * The renewal reminders job (docs/PRODUCT.md "Renewal reminders"): once a business day, on one server (job_runs'
 * slot is the day), it queues in the outbox a reminder to each hotel whose subscription ends within 30 days and has
 * not ended: the tightest of 30, 7 and 1 days reached, on the message provider to the hotel's contact number (when it
 * is an Indian mobile: a landline gets none), and by e-mail to its billing address where one is set. One `insert … select … on conflict do nothing` per channel
 * (modules/messages' enqueueSelected): however many hotels, two statements; a reminder already queued for that end
 * date and those days is skipped, so each goes once, a day missed while the servers were down is caught up the next
 * day (never a 30-day one once the 7-day one is due), and a renewal's new end date starts afresh. Nothing is queued
 * while the operator has the kind switched off. The outbox sends from 09:00 (quiet hours); the composer
 * (renewal-reminders.compose.ts) writes the words at send time and drops a reminder whose end date has changed.
 */
export const RENEWAL_REMINDERS_JOB = 'renewal-reminders';
/** The job looks every hour (and once at start) whether today's run is done. */
export const RENEWAL_REMINDERS_INTERVAL_MS = 60 * 60_000;
const TAKEOVER_MINUTES = 30;

export interface RenewalRemindersOptions {
  db: Db;
  timeZone: string;
  /** The channel a reminder starts on: the configured provider (MESSAGE_PROVIDER); its fallbacks follow. */
  channel: ProviderChannel;
  /** Names this server in job_runs.claimed_by (default host:pid). */
  serverId?: string;
  now?: () => Date;
  /** The outbox worker's kick: what was queued and is due goes out at once. */
  kick?: () => void;
  log?: (message: string) => void;
}

export interface RenewalRemindersRun {
  /** The business day (the job's slot). */
  day: string;
  /** false when another run (any server) had the day: nothing was done. */
  ran: boolean;
  queued: { message: number; email: number };
}

/**
 * The hotels due a reminder today, as enqueueSelected's columns (subject, kind, key, channel, recipient, hotel_id,
 * scan_id, next_attempt_at, expires_at): `days` is the tightest threshold reached, and a reminder expires when the
 * next one takes over (renewal-keys.ts renewalReminderLastDay), the last one after the end day.
 */
function dueSelect(today: string, now: Date, timeZone: string, channel: ProviderChannel | 'email'): SQL {
  const T = sql`${today}::date`;
  const h = hotels;
  const left = sql`(${h.subscriptionEnd} - ${T})`;
  const days = sql`(case when ${left} <= 1 then 1 when ${left} <= 7 then 7 else 30 end)`;
  const lastDay = sql`(case when ${left} <= 1 then ${h.subscriptionEnd} when ${left} <= 7 then ${h.subscriptionEnd} - 2
    else ${h.subscriptionEnd} - 8 end)`;
  const email = channel === 'email';
  const key = sql`to_char(${h.subscriptionEnd}, 'YYYY-MM-DD') || '/' || ${days}::text${email ? sql` || '/email'` : sql``}`;
  // The contact number is free text ("+91 98765 43210"): the providers take the 10 digits of an Indian mobile.
  const digits = sql`regexp_replace(${h.contactNumber}, '[^0-9]', '', 'g')`;
  const mobile = sql`(case when ${digits} ~ '^(91)?[6-9][0-9]{9}$' then right(${digits}, 10) end)`;
  const recipient = email ? sql`trim(${hotelBilling.billingEmail})` : mobile;
  return sql`
    select ${h.id}::text, 'renewal_reminder', ${key}, ${channel}, ${recipient}, ${h.id}, null::uuid,
      ${now.toISOString()}::timestamptz, ((${lastDay}) + 1)::timestamp at time zone ${timeZone}
    from ${h}
    ${email ? sql`join ${hotelBilling} on ${hotelBilling.hotelId} = ${h.id}` : sql``}
    where ${h.isActive} and ${h.archivedAt} is null
      and ${h.subscriptionEnd} between ${T} and ${T} + ${RENEWAL_WINDOW_DAYS}::int
      ${email ? sql`and coalesce(trim(${hotelBilling.billingEmail}), '') <> ''` : sql`and ${mobile} is not null`}`;
}

/** Claims the business day of `now` and, when this server won it, queues what is due: one statement per channel. */
export async function runRenewalReminders(options: RenewalRemindersOptions, now: Date): Promise<RenewalRemindersRun> {
  const { db, timeZone } = options;
  const day = todayIn(timeZone, now);
  const queued = { message: 0, email: 0 };
  const serverId = options.serverId ?? `${hostname()}:${process.pid}`;
  if (!(await claimJobSlot(db, RENEWAL_REMINDERS_JOB, day, serverId, TAKEOVER_MINUTES)))
    return { day, ran: false, queued };
  if (!(await getMessagingSettings(db)).disabledKinds.includes('renewal_reminder')) {
    queued.message = await enqueueSelected(db, dueSelect(day, now, timeZone, options.channel));
    queued.email = await enqueueSelected(db, dueSelect(day, now, timeZone, 'email'));
  }
  await finishJobSlot(db, RENEWAL_REMINDERS_JOB, day);
  if (queued.message + queued.email > 0) options.kick?.();
  return { day, ran: true, queued };
}

export type RenewalRemindersJob = PeriodicJob<RenewalRemindersRun>;

/** Starts the job: once soon after start (START_CHECK_DELAY_MS), then every hour. */
export function startRenewalRemindersJob(
  options: RenewalRemindersOptions & { intervalMs?: number; timer?: boolean },
): RenewalRemindersJob {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((message: string) => console.log(message));
  return startPeriodicJob({
    async check(stopped) {
      if (stopped.aborted) return undefined;
      const run = await runRenewalReminders(options, now());
      if (run.queued.message + run.queued.email > 0)
        log(`Renewal reminders queued: ${run.queued.message} message(s), ${run.queued.email} e-mail(s)`);
      return run;
    },
    intervalMs: options.intervalMs ?? RENEWAL_REMINDERS_INTERVAL_MS,
    timer: options.timer,
    atStart: true,
    log,
    failure: 'Queuing renewal reminders failed',
  });
}
