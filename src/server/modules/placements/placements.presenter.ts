import * as v from 'valibot';
import { int, isoDateTime, named, uuid } from '../../platform/openapi/shapes';
import type { HotelClaimSettings } from '../hotels/hotels.service';
import type { PlacementRow } from './placements.service';

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
