import { hostname } from 'node:os';
import { addDays, todayIn } from '../../../shared/dates';
import type { Db } from '../../db/client';
import type { Config } from '../../platform/env';
import { recordAudit } from '../audit/audit.service';
import { anonymiseExpiredGuests } from './guest-privacy.service';
import { deleteFunnelKeysBefore } from '../funnel/funnel.service';
import { catchUpFunnelDays } from '../funnel/funnel.summaries';
import { deleteOfflineRedemptionsBefore } from '../coupons/offline-redemptions.service';
import { OFFLINE_KEEP_DAYS } from '../../../shared/schemas/offline';
import { anonymiseSettledMessagesBefore } from '../messages/messages-privacy';
import { deleteSubscriptionsOfAnonymisedScans } from '../push/push.service';
import { deleteCodesMadeBefore } from '../verification/verification-privacy';
import { deleteEndedSessions } from '../users/sessions.service';
import { deleteExpiredResetCodes } from '../password-reset/password-reset.service';
import { startOfDay } from '../../platform/lib/business-time';
import { claimJobSlot, finishJobSlot } from '../../platform/jobs/job-slots';
import { startPeriodicJob, type PeriodicJob } from '../../platform/jobs/periodic';

/**
 * The daily guest-data retention run (docs/PRIVACY.md, docs/OPERATING.md): guests' names and mobiles are anonymised
 * GUEST_DATA_RETENTION_DAYS after check-out. Checked every 10 minutes; the day's run is due from 03:00 business time (a
 * quiet hour) and runs once across all servers (platform/jobs/job-slots.ts). A server that was down at 03:00 runs it
 * later that day; a day missed entirely is caught up by the next run, which takes every scan past its date.
 */
export const GUEST_RETENTION_JOB = 'guest-data-retention';
export const RETENTION_HOUR = 3;
export const RETENTION_CHECK_MS = 10 * 60_000;
const TAKEOVER_MINUTES = 60;

/** The business day whose run is due at `now`: before 03:00 that is yesterday's. */
export function retentionSlot(timeZone: string, now: Date): string {
  return todayIn(timeZone, new Date(now.getTime() - RETENTION_HOUR * 3_600_000));
}

export interface RetentionRun {
  slot: string;
  /** false when the day was already claimed (by any server): nothing was done. */
  ran: boolean;
  anonymised: number;
  /** Verification codes made before the run's day, deleted (docs/PRIVACY.md "Codes and messages"). */
  codesDeleted: number;
  /** Settled messages made before the run's day, anonymised. */
  messagesAnonymised: number;
}

export interface GuestRetentionOptions {
  db: Db;
  config: Pick<Config, 'timeZone' | 'guestDataRetentionDays'>;
  /** Names this server in job_runs.claimed_by (default host:pid). */
  serverId?: string;
  now?: () => Date;
  log?: (message: string) => void;
}

/** Claims the day at `now` and, when this server won it, anonymises every scan past its retention date. */
export async function runRetention(options: GuestRetentionOptions, now: Date): Promise<RetentionRun> {
  const { db, config } = options;
  const slot = retentionSlot(config.timeZone, now);
  const serverId = options.serverId ?? `${hostname()}:${process.pid}`;
  if (!(await claimJobSlot(db, GUEST_RETENTION_JOB, slot, serverId, TAKEOVER_MINUTES)))
    return { slot, ran: false, anonymised: 0, codesDeleted: 0, messagesAnonymised: 0 };
  // The day the run is for, not the wall clock: a run at 01:00 for yesterday's slot uses yesterday's date.
  const anonymised = await anonymiseExpiredGuests(db, slot, config.guestDataRetentionDays);
  // An anonymised stay's Web Push subscriptions go with it (docs/PRIVACY.md "Reminders and review requests").
  await deleteSubscriptionsOfAnonymisedScans(db);
  // Signed-out and expired device sessions (docs/PRIVACY.md "Sessions"): nothing needs them once they are over.
  await deleteEndedSessions(db);
  // Expired "Forgot password" codes (docs/SECURITY.md): a new request replaces a login's code, an old one serves nothing.
  await deleteExpiredResetCodes(db);
  // Codes and messages are needed for a day at most: their numbers go at the start of the next business day.
  const dayStart = startOfDay(slot, config.timeZone);
  const codesDeleted = await deleteCodesMadeBefore(db, dayStart);
  const messagesAnonymised = await anonymiseSettledMessagesBefore(db, dayStart);
  // Offline redemptions as they arrived, past their keeping (docs/PRIVACY.md "Offline redemptions").
  await deleteOfflineRedemptionsBefore(db, startOfDay(addDays(slot, -OFFLINE_KEEP_DAYS), config.timeZone));
  // The funnel's past day keys and hashes (docs/PRIVACY.md "Funnel"), on a day whose first event has not come yet.
  await deleteFunnelKeysBefore(db, slot);
  if (anonymised + codesDeleted + messagesAnonymised > 0) {
    await recordAudit(
      db,
      { actor: { id: null, username: null }, address: null },
      {
        action: 'guest.retention',
        entity: 'customer_scan',
        after: {
          scans_anonymised: anonymised,
          codes_deleted: codesDeleted,
          messages_anonymised: messagesAnonymised,
          retention_days: config.guestDataRetentionDays,
          checkout_on_or_before: addDays(slot, -config.guestDataRetentionDays),
        },
      },
    );
  }
  // The funnel's closed days as one row each, so the back office's funnel reads them without summing shards, and
  // its summaries brought up to them (the location days, the falling hotels' periods for the new day).
  await catchUpFunnelDays(db);
  await finishJobSlot(db, GUEST_RETENTION_JOB, slot);
  return { slot, ran: true, anonymised, codesDeleted, messagesAnonymised };
}

export type GuestRetentionJob = PeriodicJob<RetentionRun>;

/** Starts the check: once soon after start (START_CHECK_DELAY_MS), then every RETENTION_CHECK_MS. */
export function startGuestRetentionJob(
  options: GuestRetentionOptions & { intervalMs?: number; timer?: boolean },
): GuestRetentionJob {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((message: string) => console.log(message));
  let lastSlot: string | undefined;

  const check = async (stopped: AbortSignal): Promise<RetentionRun | undefined> => {
    const at = now();
    const slot = retentionSlot(options.config.timeZone, at);
    if (stopped.aborted) return undefined;
    const result = slot === lastSlot ? undefined : await runRetention(options, at);
    lastSlot = slot;
    // A check that ran no day (done here or by another server) still brings the funnel's closed days up to date, so
    // the day closed at midnight is compacted and summarised then, not at 03:00 only, and after a start the summaries
    // catch up (after migration 0050). A run did it itself.
    if (!result?.ran) await catchUpFunnelDays(options.db);
    if (!result) return undefined;
    if (result.anonymised + result.codesDeleted + result.messagesAnonymised > 0)
      log(
        `Guest data retention for ${slot}: ${result.anonymised} scan(s) anonymised after check-out, ` +
          `${result.codesDeleted} verification code(s) deleted, ${result.messagesAnonymised} message(s) anonymised`,
      );
    return result;
  };

  return startPeriodicJob({
    check,
    intervalMs: options.intervalMs ?? RETENTION_CHECK_MS,
    timer: options.timer,
    atStart: true,
    log,
    failure: 'Guest data retention failed',
  });
}
