import * as v from 'valibot';
import { int, isoDate, named } from '../../platform/openapi/shapes';
import type { FunnelFigures, FunnelRates, HotelFunnel } from './funnel.stats';

/** A percentage with one decimal, or null where its base is 0 (nothing to divide by). */
const rate = v.nullable(v.number());

/** The funnel's rates (docs/PRODUCT.md "Funnel"), in per cent. */
export const FunnelRatesView = named(
  'FunnelRates',
  v.strictObject({
    /** Details entered per page opened. */
    details_rate: rate,
    /** Vouchers issued (scans) per details entered. */
    issue_rate: rate,
    /** Scans with a voucher redeemed per scan: never above 100. */
    redeem_rate: rate,
    /** Scans per page opened. */
    open_to_issue_rate: rate,
    /** Beside the funnel: review link taps and shares per page opened. */
    review_tap_rate: rate,
    share_rate: rate,
  }),
);
export type FunnelRatesView = v.InferOutput<typeof FunnelRatesView>;

/** GET /hotels/{id}/funnel. */
export const HotelFunnelView = named(
  'HotelFunnel',
  v.strictObject({
    hotel_id: v.string(),
    from: isoDate,
    to: isoDate,
    opens: int,
    details: int,
    issued: int,
    redeemed: int,
    review_taps: int,
    shares: int,
    rates: FunnelRatesView,
    /** Hotels (not archived) in the hotel's location, this one included. */
    location_hotels: int,
    /**
     * The location's median hotel's rates over the same days: each rate the median over the location's hotels that
     * have its base, null where fewer than 5 have (no hotel is named), and null as a whole where the location has
     * fewer than 5 hotels.
     */
    location_median: v.nullable(FunnelRatesView),
  }),
);
export type HotelFunnelView = v.InferOutput<typeof HotelFunnelView>;

const round = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);

function presentRates(rates: FunnelRates): FunnelRatesView {
  return {
    details_rate: round(rates.details_rate),
    issue_rate: round(rates.issue_rate),
    redeem_rate: round(rates.redeem_rate),
    open_to_issue_rate: round(rates.open_to_issue_rate),
    review_tap_rate: round(rates.review_tap_rate),
    share_rate: round(rates.share_rate),
  };
}

export function presentHotelFunnel(funnel: HotelFunnel): HotelFunnelView {
  const figures: FunnelFigures = funnel.figures;
  return {
    hotel_id: funnel.hotelId,
    from: funnel.from,
    to: funnel.to,
    ...figures,
    rates: presentRates(funnel.rates),
    location_hotels: funnel.locationHotels,
    location_median: funnel.median ? presentRates(funnel.median) : null,
  };
}
