import { mapLink } from '../../../shared/maps';
import type { Presented } from '../../platform/lib/presented';

export interface MerchantRow {
  id: string;
  name: string;
  merchantTypeId: number;
  locationId: number;
  contactNumber: string;
  storeContactNumber: string | null;
  address: string;
  locationLink: string | null;
  createdAt: Date;
  merchantTypeName: string;
  locationName: string;
  offerCount: number;
}

/** GET /merchants row: docs/PRODUCT.md "API fields" Merchant plus the names the list shows and its offer count. */
export const presentMerchant = (row: MerchantRow) => ({
  id: row.id,
  name: row.name,
  merchant_type_id: row.merchantTypeId,
  location_id: row.locationId,
  contact_number: row.contactNumber,
  store_contact_number: row.storeContactNumber,
  address: row.address,
  location_link: row.locationLink,
  created_at: row.createdAt.toISOString(),
  merchant_type_name: row.merchantTypeName,
  location_name: row.locationName,
  offer_count: Number(row.offerCount),
});

/** A shop's place as a joined read names it (a coupon's, an offer's). */
export interface MerchantPlaceRow {
  merchantAddress: string;
  merchantStoreContactNumber: string | null;
  merchantLocationLink: string | null;
}

/**
 * Where a guest finds the shop (voucher, View Details): its address, a map link (shared/maps.ts) and the store's own
 * number to call, never the owner's contact number.
 */
export const presentMerchantPlace = (row: MerchantPlaceRow) => ({
  address: row.merchantAddress,
  store_contact_number: row.merchantStoreContactNumber,
  map_link: mapLink(row.merchantLocationLink, row.merchantAddress),
});

export type MerchantView = Presented<typeof presentMerchant>;
