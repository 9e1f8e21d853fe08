import type { Db } from '../../db/client';
import type { CsvColumn } from '../../platform/lib/csv';
import { offerResults } from './offer-results';
import { presentOffer, presentOfferResults, type OfferResultsView } from './offers.presenter';
import { listOffers } from './offers.service';
import type { BusinessDay } from './offer-usage';

/** A line of the per-offer export: the offer as All Offers and My Offers show it, with its results. */
interface Line {
  merchant: string;
  offer: string;
  location: string;
  status: string;
  results: OfferResultsView;
}

type Period = keyof OfferResultsView;
/** A rate as a percentage to one decimal (42.9), empty when nothing was issued. */
const percent = (rate: number | null) => (rate === null ? null : Math.round(rate * 1000) / 10);
const periodColumns = (period: Period, label: string): CsvColumn<Line>[] => [
  { header: `Issued ${label}`, cell: (l) => l.results[period].issued },
  { header: `Used ${label}`, cell: (l) => l.results[period].redeemed },
  { header: `Redemption Rate % ${label}`, cell: (l) => percent(l.results[period].redemption_rate) },
  { header: `Bill Total ${label}`, cell: (l) => l.results[period].bill_total },
  { header: `Average Bill ${label}`, cell: (l) => l.results[period].average_bill },
  { header: `Bills Entered ${label}`, cell: (l) => l.results[period].bills_entered },
];

/** The per-offer CSV's columns (docs/DATA.md "Per-offer results"): this business month, then all time. */
export const OFFER_RESULTS_COLUMNS: CsvColumn<Line>[] = [
  { header: 'Merchant', cell: (l) => l.merchant },
  { header: 'Offer', cell: (l) => l.offer },
  { header: 'Location', cell: (l) => l.location },
  { header: 'Status', cell: (l) => l.status },
  ...periodColumns('this_month', 'This Month'),
  ...periodColumns('all_time', 'All Time'),
];

/**
 * The offers of a merchant, or of a location or every one (the back office), in the lists' order, with their results:
 * one read of the offers and one of the rollup, as the screens do (an offer list is at most some thousands).
 */
export async function offerResultLines(
  db: Db,
  day: BusinessDay,
  filter: { merchantId?: string; locationId?: number },
): Promise<Line[]> {
  const rows = await listOffers(db, day, filter);
  const results = await offerResults(
    db,
    rows.map((row) => row.id),
    day.today,
    filter.merchantId === undefined && filter.locationId === undefined,
  );
  return rows.map((row) => {
    const offer = presentOffer(row, day.today);
    return {
      merchant: offer.merchant_name,
      offer: offer.offer_name,
      location: offer.location_name,
      status: offer.is_paused ? `${offer.status} (paused)` : offer.status,
      results: presentOfferResults(results.get(row.id)!),
    };
  });
}
