import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Caps } from './offer-usage';
import { offerCapUsage, offerDayUsage, offers } from './table';

/**
 * The usage figures an offer answers (docs/PRODUCT.md "API fields" Offer, docs/DATA.md "Offer caps"): what its caps
 * have counted, read from the caps' usage rows, never by counting the coupons of every offer (All Offers lists the
 * 20,000 offers of a large programme; counting their two million coupons took 0.8 s). So a figure is there only where
 * a cap counts it: `issued_total` with a total cap, `issued_today` with a daily cap, null otherwise.
 *
 * The expressions are for a select over `offers` that left-joins `usageJoins` (one statement, whatever the number of
 * offers: no query per row). A missing row is 0: setting a cap through the API makes its rows from the coupons
 * already issued (offer-usage.ts syncCapUsage), and a day's row is made by that day's first voucher. (A cap written
 * straight into the table has no rows until its next voucher makes them; the issuing transaction counts the
 * coupons then.) No fallback count here: even one that never runs is planned for every row, and at 20,000 offers its
 * estimated cost switched PostgreSQL's JIT compiler on, which took 0.3 s of a 0.4 s list.
 */

/** Vouchers issued today and in all, as counted by the offer's daily and total caps; null without that cap. */
export interface OfferIssued {
  issuedToday: number | null;
  issuedTotal: number | null;
}

/** The joins the usage expressions read: the offer's total count, and its count on the business day. */
export const usageJoins = (today: string) => ({
  total: eq(offerCapUsage.offerId, offers.id),
  day: and(eq(offerDayUsage.offerId, offers.id), eq(offerDayUsage.day, today))!,
});

/** `issued_total` and `issued_today` in SQL, over `offers` with the usageJoins. */
export function usageExpressions() {
  const issuedTotal = sql<number | null>`(case when ${offers.totalCap} is null then null
    else coalesce(${offerCapUsage.issued}, 0) end)`;
  const issuedToday = sql<number | null>`(case when ${offers.dailyCap} is null then null
    else coalesce(${offerDayUsage.issued}, 0) end)`;
  return { issuedTotal, issuedToday };
}

/** Whether a cap is full now (`cap_reached`), in SQL: the All Offers filter. Same rule as `capFigures`. */
export function capReachedExpression(): SQL {
  const { issuedTotal, issuedToday } = usageExpressions();
  return sql`(coalesce(${issuedTotal} >= ${offers.totalCap}, false) or coalesce(${issuedToday} >= ${offers.dailyCap}, false))`;
}

/** What the caps still allow and whether one is full (`left_today`, `left_total`, `cap_reached`). */
export function capFigures(caps: Caps, issued: OfferIssued) {
  const left = (cap: number | null, count: number | null) => (cap === null ? null : Math.max(0, cap - (count ?? 0)));
  const leftToday = left(caps.dailyCap, issued.issuedToday);
  const leftTotal = left(caps.totalCap, issued.issuedTotal);
  return { leftToday, leftTotal, capReached: leftToday === 0 || leftTotal === 0 };
}
