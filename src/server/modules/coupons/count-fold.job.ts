import type { Db } from '../../db/client';
import { foldCouponCounts } from '../../db/folded-counts';
import { startPeriodicJob, type PeriodicJob } from '../../platform/jobs/periodic';

/**
 * The redemption counters' fold (db/folded-counts.ts, docs/DATA.md "Folded counts"): every FOLD_INTERVAL_MS each
 * server folds the changes committed since, so the table of changes stays small and a reader's own fold finds little
 * to do. Folds on several servers take turns on one lock and never count a change twice.
 */
export const FOLD_INTERVAL_MS = 500;

export type CountFoldJob = PeriodicJob<number>;

export function startCountFoldJob(options: {
  db: Db;
  intervalMs?: number;
  timer?: boolean;
  log?: (message: string) => void;
}): CountFoldJob {
  return startPeriodicJob({
    check: async (stopped) => (stopped.aborted ? undefined : foldCouponCounts(options.db)),
    intervalMs: options.intervalMs ?? FOLD_INTERVAL_MS,
    timer: options.timer,
    log: options.log ?? ((message: string) => console.log(message)),
    failure: 'Folding the redemption counters failed',
  });
}
