import { sql, type SQL } from 'drizzle-orm';
import { FUNNEL_FALL_DAYS } from '../../../shared/schemas/funnel';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { compactFunnelDaysIfDue, FUNNEL_COMPACTED_THROUGH } from './funnel.compaction';

/**
 * Summaries of the funnel's closed days (docs/DATA.md "Funnel summaries", migration 0050): each location's funnel per
 * day (funnel_location_days, for every day up to app_settings 'funnel_location_days_through') and each hotel's two
 * periods of the falling hotels (funnel_hotel_windows, for the day after 'funnel_fall_windows'). Triggers keep them
 * exact under later changes; this keeps them reaching the compacted days.
 */

/**
 * The last day funnel_location_days holds, as SQL read in the statement that relies on it (-infinity: none). Never past
 * the compacted days, whose rows alone the summaries follow (a day after them may still have rows in other shards).
 */
export const LOCATION_DAYS_THROUGH = sql`least(coalesce(
  (select value::date from app_settings where key = 'funnel_location_days_through'), '-infinity'::date),
  ${FUNNEL_COMPACTED_THROUGH})`;

/** The marker funnel_hotel_windows carries when made for `today`'s falling hotels (the day before, and a period). */
export const fallWindowsMarker = (yesterday: string) => `${yesterday}/${FUNNEL_FALL_DAYS}`;

/** Days summed per transaction while catching up: at 10,000 hotels a week is about 63,000 rows, 0.1 to 0.3 s. */
const DAYS_PER_BATCH = 7;

/** How long a batch waits for the funnel's writers before giving up until the next check. */
const LOCK_TIMEOUT = '3s';

export interface SummariesReach {
  /** The last day funnel_location_days holds (YYYY-MM-DD), null while no day is compacted. */
  locationDaysThrough: string | null;
  /** funnel_hotel_windows' marker ('YYYY-MM-DD/days'), null while no day is compacted. */
  fallWindows: string | null;
}

/**
 * The funnel's closed days brought up to date: the days closed since the last compaction compacted, then the summaries
 * brought up to them. The retention job's every check (and its daily run) calls this, so the day closed at midnight
 * is done within a check's interval, and after a start (or migration 0050) the summaries catch up.
 */
export async function catchUpFunnelDays(db: Db): Promise<SummariesReach> {
  await compactFunnelDaysIfDue(db);
  return keepFunnelSummaries(db);
}

/**
 * Brings the summaries up to the compacted days: the location days in batches of DAYS_PER_BATCH days (after migration
 * 0050 on a live system, ten seasons in short transactions), then the falling hotels' periods when the compacted days
 * moved. Safe on several servers at once (the table lock takes turns; each step does nothing when done, without a
 * lock).
 */
export async function keepFunnelSummaries(db: Db, onBatch?: (through: string) => void): Promise<SummariesReach> {
  let locationDaysThrough: string | null = null;
  for (;;) {
    const [row] = await inShortLock<{ before: string | null; after: string | null }>(
      db,
      sql`select (select value from app_settings where key = 'funnel_location_days_through') as before,
        to_char(stayperks_extend_funnel_location_days(${DAYS_PER_BATCH}), 'YYYY-MM-DD') as after`,
    );
    locationDaysThrough = row!.after;
    if (row!.after === null || row!.after === row!.before) break;
    onBatch?.(row!.after);
  }
  const [windows] = await inShortLock<{ marker: string | null }>(
    db,
    sql`select stayperks_build_funnel_fall_windows(${FUNNEL_FALL_DAYS}) as marker`,
  );
  return { locationDaysThrough, fallWindows: windows!.marker };
}

/** Runs `query` in its own transaction that waits at most LOCK_TIMEOUT for a lock. */
function inShortLock<Row>(db: Db, query: SQL): Promise<Row[]> {
  return db.transaction(async (tx) => {
    // The funnel's writers (guests' pages) wait while a batch holds the table: never queue them behind a long wait.
    await tx.execute(sql.raw(`set local lock_timeout = '${LOCK_TIMEOUT}'`));
    return rowsOf<Row>(await tx.execute(query));
  });
}
