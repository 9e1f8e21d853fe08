import { hostname } from 'node:os';
import { addMonthsToMonth, monthOf, todayIn } from '../../../shared/dates';
import type { Db } from '../../db/client';
import { claimJobSlot, finishJobSlot } from '../../platform/jobs/job-slots';
import { startPeriodicJob, type PeriodicJob } from '../../platform/jobs/periodic';
import { generateStatements } from './statements.service';

/**
 * The monthly statements job (docs/PRODUCT.md "Statements"): every hour, and once at start, it makes sure the
 * statements of the business month before this one exist. The slot is that month ('2026-10'), claimed in job_runs
 * (platform/jobs/job-slots.ts), so one server generates them, on the 1st's first hour, or at the first start after
 * it when every server was down then. Statements already generated are never touched (generateStatements skips them).
 */
export const STATEMENTS_JOB = 'monthly-statements';
export const STATEMENTS_INTERVAL_MS = 60 * 60_000;
const TAKEOVER_MINUTES = 30;

export interface StatementsJobOptions {
  db: Db;
  timeZone: string;
  serverId?: string;
  now?: () => Date;
  log?: (message: string) => void;
}

export interface StatementsRun {
  month: string;
  /** false when another run had the month's slot: nothing was done. */
  ran: boolean;
  generated: number;
}

/** The month `now` states: the business month before the current one. */
export const statedMonth = (timeZone: string, now: Date) => addMonthsToMonth(monthOf(todayIn(timeZone, now)), -1);

export async function runStatements(options: StatementsJobOptions, now: Date): Promise<StatementsRun> {
  const month = statedMonth(options.timeZone, now);
  const serverId = options.serverId ?? `${hostname()}:${process.pid}`;
  if (!(await claimJobSlot(options.db, STATEMENTS_JOB, month, serverId, TAKEOVER_MINUTES)))
    return { month, ran: false, generated: 0 };
  const generated = await generateStatements(options.db, { month, timeZone: options.timeZone, generatedAt: now });
  await finishJobSlot(options.db, STATEMENTS_JOB, month);
  return { month, ran: true, generated };
}

export type StatementsJob = PeriodicJob<StatementsRun>;

export function startStatementsJob(
  options: StatementsJobOptions & { intervalMs?: number; timer?: boolean },
): StatementsJob {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((message: string) => console.log(message));
  return startPeriodicJob({
    async check(stopped) {
      if (stopped.aborted) return undefined;
      const run = await runStatements(options, now());
      if (run.generated > 0) log(`Statements of ${run.month} generated: ${run.generated}`);
      return run;
    },
    intervalMs: options.intervalMs ?? STATEMENTS_INTERVAL_MS,
    timer: options.timer,
    atStart: true,
    log,
    failure: 'Generating statements failed',
  });
}
