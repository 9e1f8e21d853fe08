import { sql } from 'drizzle-orm';
import { arrayLiteral } from '../../db/array-literal';
import type { Db } from '../../db/client';
import { foldCouponCounts } from '../../db/folded-counts';
import { rowsOf } from '../../db/rows';

/**
 * Per-offer results (docs/DATA.md "Per-offer results" and "Who reads them"): vouchers issued, redeemed
 * and the bills entered, this business month and all time, read from offer_monthly_stats (summed over its months
 * and shards), never from the coupons.
 */
export interface OfferPeriodFigures {
  issued: number;
  redeemed: number;
  billTotal: number;
  billsEntered: number;
}
export interface OfferResults {
  thisMonth: OfferPeriodFigures;
  allTime: OfferPeriodFigures;
}

const none = (): OfferPeriodFigures => ({ issued: 0, redeemed: 0, billTotal: 0, billsEntered: 0 });

/** The first day of `today`'s month ('YYYY-MM-DD' in the business time zone). */
export const monthOf = (today: string) => `${today.slice(0, 7)}-01`;

/**
 * The results of the given offers, in one statement (a range of the rollup's key per offer; `every` reads the whole
 * rollup once instead, for a list of every offer). An offer without a voucher has no row and gets zeros.
 */
export async function offerResults(
  db: Db,
  offerIds: readonly string[],
  today: string,
  every = false,
): Promise<Map<string, OfferResults>> {
  const results = new Map<string, OfferResults>(offerIds.map((id) => [id, { thisMonth: none(), allTime: none() }]));
  if (offerIds.length === 0) return results;
  const month = monthOf(today);
  await foldCouponCounts(db);
  const rows = rowsOf<{
    offer_id: string;
    issued: number;
    redeemed: number;
    bill_total: number;
    bills_entered: number;
    month_issued: number;
    month_redeemed: number;
    month_bill_total: number;
    month_bills_entered: number;
  }>(
    await db.execute(sql`
      select offer_id::text, sum(issued)::int as issued, sum(redeemed)::int as redeemed,
        sum(bill_total)::float8 as bill_total, sum(bills_entered)::int as bills_entered,
        coalesce(sum(issued) filter (where month = ${month}::date), 0)::int as month_issued,
        coalesce(sum(redeemed) filter (where month = ${month}::date), 0)::int as month_redeemed,
        coalesce(sum(bill_total) filter (where month = ${month}::date), 0)::float8 as month_bill_total,
        coalesce(sum(bills_entered) filter (where month = ${month}::date), 0)::int as month_bills_entered
      from offer_monthly_stats
      where ${every ? sql`true` : sql`offer_id = any(${arrayLiteral(offerIds)}::uuid[])`}
      group by offer_id`),
  );
  for (const row of rows) {
    if (!results.has(row.offer_id)) continue; // an archived offer, not in the list
    results.set(row.offer_id, {
      thisMonth: {
        issued: row.month_issued,
        redeemed: row.month_redeemed,
        billTotal: row.month_bill_total,
        billsEntered: row.month_bills_entered,
      },
      allTime: {
        issued: row.issued,
        redeemed: row.redeemed,
        billTotal: row.bill_total,
        billsEntered: row.bills_entered,
      },
    });
  }
  return results;
}

/** Redeemed per issued voucher; null when nothing was issued (a month's redemptions may be of earlier vouchers). */
export const redemptionRate = (figures: OfferPeriodFigures) =>
  figures.issued === 0 ? null : figures.redeemed / figures.issued;
