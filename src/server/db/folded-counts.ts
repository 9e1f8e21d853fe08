import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { prepared } from './prepared';

/**
 * The counters of redemptions and of new scans are folded in batches (docs/DATA.md "Folded counts", migrations 0045
 * and 0046): a redemption, undo or bill writes one row to coupon_count_changes, a guest's submission its scan's id to
 * scan_count_changes, and this adds every committed row to the rollups (hotel_daily_stats, hotel_stats,
 * location_daily_stats, merchant_stats, hotel_merchant_stats, offer_monthly_stats, and the funnel's redeemed scans
 * since migration 0049; not the funnel's other stages, the card claims or the caps, which stay exact at once). A background job folds every few seconds (modules/coupons/count-fold.job.ts);
 * every reader of those counters calls this first, so it counts every write committed before it. Answers how many
 * changes and scans it folded (none, one cheap statement, when the job has just run).
 */
export async function foldCouponCounts(db: Db): Promise<number> {
  const statement = prepared(db, 'fold_coupon_counts', (db) =>
    db
      .select({ folded: sql<number>`stayperks_fold_coupon_changes()`.mapWith(Number) })
      .from(sql`(select 1) as once`)
      .prepare('fold_coupon_counts'),
  );
  const [row] = await statement.execute();
  return row?.folded ?? 0;
}
