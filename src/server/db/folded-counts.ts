import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { prepared } from './prepared';

/**
 * The redemption counters (hotel_daily_stats, hotel_stats, location_daily_stats, merchant_stats, hotel_merchant_stats
 * and offer_monthly_stats: redemptions, spend and bills) are folded in batches (docs/DATA.md "Folded counts",
 * migration 0045): a redemption, undo or bill writes one row to coupon_count_changes, and this adds every committed
 * row to the counters. A background job folds every few seconds (modules/coupons/count-fold.job.ts); every reader
 * of those counters calls this first, so it counts every write committed before it. Answers how many changes it
 * folded (none, one cheap statement, when the job has just run).
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
