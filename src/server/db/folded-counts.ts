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
 * changes and scans it folded (none, one cheap statement that folds nothing, when the job has just run).
 */
export async function foldCouponCounts(db: Db): Promise<number> {
  const statement = prepared(db, 'fold_coupon_counts', (db) =>
    db
      // Nothing waiting, the usual case for a reader right after the job: no fold, no lock. Safe without the lock:
      // a change row still visible is one no committed fold has taken, and a fold commits its counts with the delete.
      .select({
        folded: sql<number>`case when exists (select 1 from coupon_count_changes)
          or exists (select 1 from scan_count_changes) then stayperks_fold_coupon_changes() else 0 end`.mapWith(Number),
      })
      .from(sql`(select 1) as once`)
      .prepare('fold_coupon_counts'),
  );
  const [row] = await statement.execute();
  return row?.folded ?? 0;
}
