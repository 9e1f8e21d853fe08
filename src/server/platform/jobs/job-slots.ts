import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobRuns } from './table';

/**
 * Scheduled work that must run once across servers (docs/OPERATING.md, "Several servers"): a server runs a slot only
 * after claiming it, by inserting the (job, slot) row of job_runs; the primary key lets one insert win, and every
 * other server (or a restart) skips that slot. A claim whose run never finished (its server died) may be taken over
 * after `takeoverMinutes`.
 */
export async function claimJobSlot(
  db: Db,
  job: string,
  slot: string,
  serverId: string,
  takeoverMinutes: number,
): Promise<boolean> {
  const claimed = await db
    .insert(jobRuns)
    .values({ job, slot, claimedBy: serverId })
    .onConflictDoUpdate({
      target: [jobRuns.job, jobRuns.slot],
      set: { claimedBy: serverId, claimedAt: sql`now()` },
      setWhere: sql`${jobRuns.finishedAt} is null and ${jobRuns.claimedAt} < now() - make_interval(mins => ${takeoverMinutes})`,
    })
    .returning({ slot: jobRuns.slot });
  return claimed.length === 1;
}

/** Marks a claimed slot done, so nobody takes it over. */
export async function finishJobSlot(db: Db, job: string, slot: string): Promise<void> {
  await db
    .update(jobRuns)
    .set({ finishedAt: sql`now()` })
    .where(and(eq(jobRuns.job, job), eq(jobRuns.slot, slot)));
}
