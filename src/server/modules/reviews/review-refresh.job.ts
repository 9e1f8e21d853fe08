import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import { addDays, todayIn, type IsoDate } from '../../../shared/dates';
import type { Db } from '../../db/client';
import type { Config } from '../../platform/env';
import { rowsOf } from '../../db/rows';
import { claimJobSlot, finishJobSlot } from '../../platform/jobs/job-slots';
import { startPeriodicJob, type PeriodicJob } from '../../platform/jobs/periodic';
import { hotelsDueForRefresh, refreshGoogleData } from './reviews.service';

/**
 * The scheduled Google review refresh (docs/PRODUCT.md "Reviews"): checked every 60 seconds, it fires at 07:00, 14:00
 * and 22:00 business time, once per slot across all servers (docs/OPERATING.md, "Several servers").
 *
 * - A slot is due from its hour until the next slot, so a server that was down at 07:00 catches up later.
 * - A server runs a slot only after claiming it (platform/jobs/job-slots.ts): one server wins each slot; a claim
 *   whose run never finished (its server died) may be taken over after CLAIM_TAKEOVER_MINUTES.
 * - It refreshes every hotel with a place id that has no snapshot since the slot began, so a hotel refreshed by
 *   hand after the slot began is skipped, and a taken-over run only does what is left.
 * - A hotel whose fetch fails (wrong place id, quota) is retried at the next slot, not every minute.
 */

export const REFRESH_HOURS = [7, 14, 22] as const;
export const CHECK_INTERVAL_MS = 60_000;
/** The job's name in job_runs. */
export const REVIEW_REFRESH_JOB = 'google-review-refresh';
/** An unfinished claim older than this is taken to be a dead server's and may be claimed again. */
export const CLAIM_TAKEOVER_MINUTES = 30;

export interface Slot {
  /** e.g. '2026-03-31T07' */
  key: string;
  date: IsoDate;
  hour: number;
}

const hourFormatters = new Map<string, Intl.DateTimeFormat>();

/** The business hour (0-23) at `now` in `timeZone`. */
function hourIn(timeZone: string, now: Date): number {
  let fmt = hourFormatters.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' });
    hourFormatters.set(timeZone, fmt);
  }
  return Number(fmt.format(now));
}

/** The latest slot that has begun at `now`: before 07:00 that is yesterday's 22:00. */
export function currentSlot(timeZone: string, now: Date): Slot {
  const today = todayIn(timeZone, now);
  const hour = hourIn(timeZone, now);
  const started = REFRESH_HOURS.filter((h) => h <= hour);
  const date = started.length ? today : addDays(today, -1);
  const slotHour: number = started.length ? started[started.length - 1]! : REFRESH_HOURS[REFRESH_HOURS.length - 1]!;
  return { key: `${date}T${String(slotHour).padStart(2, '0')}`, date, hour: slotHour };
}

export interface SlotRun {
  slot: string;
  /** false when the slot was already claimed by a server (this one included): nothing was done. */
  ran: boolean;
  refreshed: number;
  failed: number;
}

export interface ReviewRefreshOptions {
  db: Db;
  config: Pick<Config, 'timeZone' | 'googlePlacesApiKey' | 'googlePlacesBaseUrl'>;
  /** Names this server in job_runs.claimed_by (default host:pid). */
  serverId?: string;
  now?: () => Date;
  log?: (message: string) => void;
  signal?: AbortSignal;
}

/** Claims `slot` and, when this server won it, refreshes the hotels due and marks the slot finished. */
export async function runSlot(options: ReviewRefreshOptions, slot: Slot): Promise<SlotRun> {
  const { db } = options;
  const serverId = options.serverId ?? `${hostname()}:${process.pid}`;
  if (!(await claimJobSlot(db, REVIEW_REFRESH_JOB, slot.key, serverId, CLAIM_TAKEOVER_MINUTES))) {
    return { slot: slot.key, ran: false, refreshed: 0, failed: 0 };
  }
  const startResult = await db.execute(
    sql`select ((${slot.date}::date + make_interval(hours => ${slot.hour}))::timestamp at time zone ${options.config.timeZone}) as start`,
  );
  const start = new Date(rowsOf<{ start: Date | string }>(startResult)[0]!.start);

  let refreshed = 0;
  let failed = 0;
  for (const hotelId of await hotelsDueForRefresh(db, start)) {
    if (options.signal?.aborted) break;
    try {
      await refreshGoogleData({ db, config: options.config, signal: options.signal }, hotelId);
      refreshed += 1;
    } catch (error) {
      failed += 1;
      options.log?.(
        `Google review refresh failed for hotel ${hotelId}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  // A stopped run stays unfinished, so another server may take it over later.
  if (!options.signal?.aborted) await finishJobSlot(db, REVIEW_REFRESH_JOB, slot.key);
  return { slot: slot.key, ran: true, refreshed, failed };
}

export type ReviewRefreshJob = PeriodicJob<SlotRun>;

/** Starts the 60-second check. Does nothing without GOOGLE_PLACES_API_KEY. */
export function startReviewRefreshJob(
  options: Omit<ReviewRefreshOptions, 'signal'> & { intervalMs?: number; timer?: boolean },
): ReviewRefreshJob {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((message: string) => console.log(message));
  let lastSlot: string | undefined;

  const check = async (signal: AbortSignal): Promise<SlotRun | undefined> => {
    if (signal.aborted || !options.config.googlePlacesApiKey) return undefined;
    const slot = currentSlot(options.config.timeZone, now());
    if (slot.key === lastSlot) return undefined;
    const result = await runSlot({ ...options, log, signal }, slot);
    // Claimed here or elsewhere, the slot is settled: look again at the next slot.
    lastSlot = slot.key;
    if (result.ran) {
      if (result.refreshed || result.failed) {
        log(
          `Google reviews refreshed for the ${slot.key.slice(11)}:00 slot of ${slot.date}: ${result.refreshed} hotel(s)${result.failed ? `, ${result.failed} failed` : ''}`,
        );
      }
    }
    return result;
  };

  return startPeriodicJob({
    check,
    intervalMs: options.intervalMs ?? CHECK_INTERVAL_MS,
    timer: options.timer,
    log,
    failure: 'Google review refresh check failed',
  });
}
