import type { Presented } from '../../platform/lib/presented';
import type { MerchantRow } from './merchants.service';

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

export type MerchantView = Presented<typeof presentMerchant>;
