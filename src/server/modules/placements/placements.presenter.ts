import * as v from 'valibot';
import { int, isoDateTime, named, uuid } from '../../platform/openapi/shapes';
import type { HotelClaimSettings } from '../hotels/hotels.service';
import type { PlacementRow } from './placements.service';
import type { CardAlert, CardFigures } from './placements.stats';

/** The QR link of a placement's card (docs/PRODUCT.md "Guest trust"): the scan page with the card's token. */
export const placementScanPath = (hotelId: string, token: string) => `/scan/${hotelId}?p=${token}`;

/** A placement (docs/PRODUCT.md "Guest trust"), to the back office and to its own hotel. */
export const PlacementView = named(
  'Placement',
  v.strictObject({
    id: uuid,
    hotel_id: uuid,
    label: v.string(),
    kind: v.picklist(['single', 'room']),
    is_active: v.boolean(),
    created_at: isoDateTime,
    /** The path its card's QR code opens (on PUBLIC_URL), with the current token. */
    scan_path: v.string(),
    /** Claims through this card today (business day), against the hotel's placement_daily_limit. */
    claims_today: int,
  }),
);
export type PlacementView = v.InferOutput<typeof PlacementView>;

export function presentPlacement(row: PlacementRow): PlacementView {
  return {
    id: row.id,
    hotel_id: row.hotelId,
    label: row.label,
    kind: row.kind,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
    // Every placement has a current token (made with it, replaced in the rotation's transaction).
    scan_path: placementScanPath(row.hotelId, row.token ?? ''),
    claims_today: row.claimsToday,
  };
}

/** The hotel's claim settings: its old link and the daily limits (docs/PRODUCT.md "Guest trust"). */
export const ClaimSettingsView = named(
  'HotelClaimSettings',
  v.strictObject({
    hotel_link_enabled: v.boolean(),
    placement_daily_limit: int,
    hotel_link_daily_limit: int,
  }),
);
export type ClaimSettingsView = v.InferOutput<typeof ClaimSettingsView>;

export function presentClaimSettings(row: HotelClaimSettings): ClaimSettingsView {
  return {
    hotel_link_enabled: row.hotelLinkEnabled,
    placement_daily_limit: row.placementDailyLimit,
    hotel_link_daily_limit: row.hotelLinkDailyLimit,
  };
}

const spike = v.nullable(v.picklist(['limit', 'surge']));

/** A card's figures (docs/PRODUCT.md "Guest trust"): the hotel's ranking of its cards over a date range. */
export const PlacementRankView = named(
  'PlacementRank',
  v.strictObject({
    /** null: the hotel's old link (its one QR code for the whole hotel). */
    placement_id: v.nullable(uuid),
    label: v.string(),
    is_active: v.boolean(),
    /** Guests who claimed through the card in the range. */
    guests: int,
    /** Vouchers of those guests redeemed so far. */
    redemptions: int,
    claims_today: int,
    daily_limit: int,
    /** Its usual day: claims over the 28 days before today, divided by 28. */
    usual_day: v.number(),
    /** 'limit': reached its daily limit today; 'surge': today at least 10 claims and 3 times its usual day. */
    spike,
  }),
);
export type PlacementRankView = v.InferOutput<typeof PlacementRankView>;

export function presentPlacementRank(row: CardFigures): PlacementRankView {
  return {
    placement_id: row.placementId,
    label: row.label,
    is_active: row.isActive,
    guests: row.guests,
    redemptions: row.redemptions,
    claims_today: row.claimsToday,
    daily_limit: row.limit,
    usual_day: row.usualDay,
    spike: row.spike,
  };
}

/** A card flagged today, on the super admin's dashboard. */
export const CardAlertView = named(
  'CardAlert',
  v.strictObject({
    hotel_id: uuid,
    hotel_name: v.string(),
    placement_id: v.nullable(uuid),
    label: v.string(),
    claims_today: int,
    daily_limit: int,
    usual_day: v.number(),
    spike: v.picklist(['limit', 'surge']),
  }),
);
export type CardAlertView = v.InferOutput<typeof CardAlertView>;

export function presentCardAlert(row: CardAlert): CardAlertView {
  return {
    hotel_id: row.hotelId,
    hotel_name: row.hotelName,
    placement_id: row.placementId,
    label: row.label,
    claims_today: row.claimsToday,
    daily_limit: row.limit,
    usual_day: row.usualDay,
    spike: row.spike,
  };
}
