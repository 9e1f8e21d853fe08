import * as v from 'valibot';
import { int, isoDate, named } from '../../platform/openapi/shapes';
import { FUNNEL_FALL_MIN_OPENS } from '../../../shared/schemas/funnel';
import type { fallingHotels, FunnelFigures, FunnelRates, FunnelRow, HotelFunnel } from './funnel.stats';

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

const figureFields = {
  opens: int,
  details: int,
  issued: int,
  redeemed: int,
  review_taps: int,
  shares: int,
  rates: FunnelRatesView,
};

/** GET /hotels/{id}/funnel. */
export const HotelFunnelView = named(
  'HotelFunnel',
  v.strictObject({
    hotel_id: v.string(),
    from: isoDate,
    to: isoDate,
    ...figureFields,
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

/** A location's row of the back office's funnel: all its hotels' figures. */
export const FunnelLocationRowView = named(
  'FunnelLocationRow',
  v.strictObject({
    location_id: int,
    location_name: v.string(),
    /** Its hotels not archived. */
    hotels: int,
    ...figureFields,
  }),
);

/** A hotel's row of one location's funnel. */
export const FunnelHotelRowView = named(
  'FunnelHotelRow',
  v.strictObject({ hotel_id: v.string(), hotel_name: v.string(), archived: v.boolean(), ...figureFields }),
);

/** GET /funnel. */
export const FunnelReportView = named(
  'FunnelReport',
  v.strictObject({
    from: isoDate,
    to: isoDate,
    location_id: v.nullable(int),
    /** Every location by name, or only the one asked for. */
    locations: v.array(FunnelLocationRowView),
    /** With location_id: that location's hotels by name (archived ones with figures in the range too); else null. */
    hotels: v.nullable(v.array(FunnelHotelRowView)),
  }),
);
export type FunnelReportView = v.InferOutput<typeof FunnelReportView>;

const figuresView = (row: FunnelRow) => ({ ...row.figures, rates: presentRates(row.rates) });

export function presentFunnelReport(report: {
  from: string;
  to: string;
  locationId: number | null;
  locations: FunnelRow[];
  hotels: FunnelRow[] | null;
}): FunnelReportView {
  return {
    from: report.from,
    to: report.to,
    location_id: report.locationId,
    locations: report.locations.map((row) => ({
      location_id: Number(row.id),
      location_name: row.name,
      hotels: row.hotels,
      ...figuresView(row),
    })),
    hotels:
      report.hotels?.map((row) => ({
        hotel_id: row.id,
        hotel_name: row.name,
        archived: row.archived,
        ...figuresView(row),
      })) ?? null,
  };
}

/** GET /funnel/falling-hotels. */
export const FallingHotelsView = named(
  'FallingHotels',
  v.strictObject({
    previous_from: isoDate,
    previous_to: isoDate,
    last_from: isoDate,
    last_to: isoDate,
    /** Opens a hotel needs in each period to be compared. */
    min_opens: int,
    /** Biggest fall first. */
    hotels: v.array(
      v.strictObject({
        hotel_id: v.string(),
        hotel_name: v.string(),
        location_id: int,
        location_name: v.string(),
        previous_opens: int,
        previous_issued: int,
        /** Open-to-issue rate in per cent, one decimal. */
        previous_rate: v.number(),
        last_opens: int,
        last_issued: int,
        last_rate: v.number(),
        /** Percentage points it fell by. */
        fall: v.number(),
      }),
    ),
  }),
);
export type FallingHotelsView = v.InferOutput<typeof FallingHotelsView>;

export function presentFallingHotels(falling: Awaited<ReturnType<typeof fallingHotels>>): FallingHotelsView {
  return {
    previous_from: falling.previousFrom,
    previous_to: falling.previousTo,
    last_from: falling.lastFrom,
    last_to: falling.lastTo,
    min_opens: FUNNEL_FALL_MIN_OPENS,
    hotels: falling.hotels.map((hotel) => ({
      hotel_id: hotel.hotelId,
      hotel_name: hotel.hotelName,
      location_id: hotel.locationId,
      location_name: hotel.locationName,
      previous_opens: hotel.previous.opens,
      previous_issued: hotel.previous.issued,
      previous_rate: round(hotel.previous.rate)!,
      last_opens: hotel.last.opens,
      last_issued: hotel.last.issued,
      last_rate: round(hotel.last.rate)!,
      fall: round(hotel.fall)!,
    })),
  };
}
