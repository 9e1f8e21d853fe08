import * as v from 'valibot';
import { PlacementToken } from './claim-refusals';
import { addDays } from '../dates';
import { calendarDate, intIdText, optionalParam, uuidText } from './common';

/**
 * The guest funnel (docs/PRODUCT.md "Funnel", docs/PRIVACY.md "Funnel"): what the guest page reports, counted per
 * hotel, card and business day without naming anybody.
 */

/** The events the guest page sends: the stages it sees (page opened, details entered) and the two side actions. */
export const GUEST_EVENT_KINDS = ['page_open', 'details_entered', 'review_tap', 'share'] as const;
export type GuestEventKind = (typeof GUEST_EVENT_KINDS)[number];

/** Calls of one kind a tab may make a business day before it is answered 429 (the first is the one counted). */
export const TAB_EVENT_LIMIT = 10;

/**
 * POST /guest/events. `tab`: an opaque random id the page keeps in sessionStorage for the tab's session, used only
 * for de-duplication through a daily keyed hash (never stored as sent).
 */
export const GuestEventSchema = v.object({
  hotel_id: uuidText('hotel_id'),
  placement_token: v.optional(v.nullable(PlacementToken), null),
  kind: v.picklist(GUEST_EVENT_KINDS, `kind must be one of ${GUEST_EVENT_KINDS.join(', ')}`),
  tab: v.pipe(
    v.string('tab is required'),
    v.regex(/^[A-Za-z0-9_-]{16,64}$/, 'tab must be 16 to 64 letters, digits, - or _'),
  ),
});
export type GuestEventInput = v.InferOutput<typeof GuestEventSchema>;

/** The longest range GET /hotels/{id}/funnel takes, in days (To inclusive). */
export const FUNNEL_RANGE_MAX_DAYS = 366;

/** A location's median hotel is shown where it has at least this many hotels with the rate's figures. */
export const FUNNEL_MEDIAN_MIN_HOTELS = 5;

export const FUNNEL_RANGE_TOO_LONG = `The dates may span at most ${FUNNEL_RANGE_MAX_DAYS} days`;
export const funnelRangeFits = (from: string, to: string) => addDays(from, FUNNEL_RANGE_MAX_DAYS - 1) >= to;

/**
 * GET /hotels/{id}/funnel?from=&to=: business days, To inclusive; both absent: the last 30 days to today. A
 * parameter sent empty counts as absent.
 */
export const FunnelQuerySchema = v.pipe(
  v.object({ from: optionalParam(calendarDate('from')), to: optionalParam(calendarDate('to')) }),
  v.check((q) => !q.from || !q.to || q.from <= q.to, 'From must not be after To'),
  v.check((q) => !q.from || !q.to || funnelRangeFits(q.from, q.to), FUNNEL_RANGE_TOO_LONG),
);
export type FunnelQuery = v.InferOutput<typeof FunnelQuerySchema>;

/** The back office's funnel report (GET /funnel, its export): a range as above, and optionally one location. */
export const FunnelReportQuerySchema = v.pipe(
  v.object({
    from: optionalParam(calendarDate('from')),
    to: optionalParam(calendarDate('to')),
    location_id: optionalParam(intIdText('location_id must be a positive whole number')),
  }),
  v.check((q) => !q.from || !q.to || q.from <= q.to, 'From must not be after To'),
  v.check((q) => !q.from || !q.to || funnelRangeFits(q.from, q.to), FUNNEL_RANGE_TOO_LONG),
);
export type FunnelReportQuery = v.InferOutput<typeof FunnelReportQuerySchema>;

/** GET /funnel/falling-hotels: optionally one location's hotels. */
export const FallingHotelsQuerySchema = v.object({
  location_id: optionalParam(intIdText('location_id must be a positive whole number')),
});

/** The falling hotels compare the last FUNNEL_FALL_DAYS business days (today included) with the ones before. */
export const FUNNEL_FALL_DAYS = 30;
/** A hotel is compared only with at least this many opens in each period (fewer would be noise). */
export const FUNNEL_FALL_MIN_OPENS = 50;
/** The longest list of falling hotels. */
export const FUNNEL_FALL_LIMIT = 20;
