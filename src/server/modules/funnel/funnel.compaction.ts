import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

/**
 * The last business day whose funnel rows are one per hotel and card (docs/DATA.md "Funnel"): app_settings
 * 'funnel_compacted_through', kept by stayperks_compact_funnel_days (migration 0025) and db:rebuild-derived. As SQL,
 * read in the statement that relies on it; -infinity when never compacted (no day is then read as compacted).
 */
export const FUNNEL_COMPACTED_THROUGH = sql`coalesce(
  (select value::date from app_settings where key = 'funnel_compacted_through'), '-infinity'::date)`;

/** How long the compaction waits for the funnel's writers before giving up (it runs again the next day). */
const COMPACTION_LOCK_TIMEOUT = '3s';

/**
 * Folds the shards of the funnel's closed days into one row each and returns the day it is compacted through
 * (YYYY-MM-DD). Run by the daily retention job; safe to run again or on several servers at once.
 */
export async function compactFunnelDays(db: Db): Promise<string> {
  return db.transaction(async (tx) => {
    // The fold briefly holds back the guest page's writes: never queue them behind a long transaction.
    await tx.execute(sql.raw(`set local lock_timeout = '${COMPACTION_LOCK_TIMEOUT}'`));
    const [row] = rowsOf<{ through: string }>(
      await tx.execute(sql`select to_char(stayperks_compact_funnel_days(), 'YYYY-MM-DD') as through`),
    );
    return row!.through;
  });
}

/** Compacts when a day has closed since the last compaction (asked without a lock, so a check costs one read). */
export async function compactFunnelDaysIfDue(db: Db): Promise<void> {
  const [row] = rowsOf<{ due: boolean }>(
    await db.execute(sql`select ${FUNNEL_COMPACTED_THROUGH} < stayperks_business_day(clock_timestamp()) - 1 as due`),
  );
  if (row?.due) await compactFunnelDays(db);
}
