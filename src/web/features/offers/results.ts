import type { OfferResults } from '../../../shared/api-types';
import { formatIndianNumber, formatRupees } from '../../../shared/format';

type Period = OfferResults['all_time'];

/**
 * An offer's results over a period in one line (docs/DATA.md "Per-offer results"), the same on My Offers and All
 * Offers: "12 issued · 5 used (42 %) · ₹3,400 spent, avg ₹680 (5 bills)". The rate is left out when nothing was
 * issued, the spend when no bill was entered.
 */
export function resultsText(period: Period): string {
  if (period.issued === 0 && period.redeemed === 0) return 'None issued';
  const rate = period.redemption_rate === null ? '' : ` (${rateText(period.redemption_rate)})`;
  const parts = [`${formatIndianNumber(period.issued)} issued`, `${formatIndianNumber(period.redeemed)} used${rate}`];
  if (period.bills_entered > 0)
    parts.push(
      `${formatRupees(period.bill_total)} spent, avg ${formatRupees(period.average_bill)} (${period.bills_entered} ${
        period.bills_entered === 1 ? 'bill' : 'bills'
      })`,
    );
  return parts.join(' · ');
}

/** 0.4167 → "42 %"; null (nothing issued) → "-". */
export const rateText = (rate: number | null): string => (rate === null ? '-' : `${Math.round(rate * 100)} %`);
