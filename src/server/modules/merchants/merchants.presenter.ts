import * as v from 'valibot';
import { int, isoDateTime, named, uuid } from '../../platform/openapi/shapes';
import type { MerchantRow, MerchantSettings } from './merchants.service';

/** GET /merchants row: docs/PRODUCT.md "API fields" Merchant plus the names the list shows and its offer count. */
export const MerchantView = named(
  'Merchant',
  v.strictObject({
    id: uuid,
    name: v.string(),
    merchant_type_id: int,
    location_id: int,
    contact_number: v.string(),
    store_contact_number: v.nullable(v.string()),
    address: v.string(),
    location_link: v.nullable(v.string()),
    created_at: isoDateTime,
    merchant_type_name: v.string(),
    location_name: v.string(),
    offer_count: int,
    /** One voucher of any of its offers per mobile number every N days (docs/PRODUCT.md "Offer rules"); null: none. */
    per_guest_days: v.nullable(int),
  }),
);
export type MerchantView = v.InferOutput<typeof MerchantView>;

export const presentMerchant = (row: MerchantRow): MerchantView => ({
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
  per_guest_days: row.perGuestDays,
});

/** GET and PUT /merchant/settings: the merchant's own settings. */
export const MerchantSettingsView = named('MerchantSettings', v.strictObject({ per_guest_days: v.nullable(int) }));
export type MerchantSettingsView = v.InferOutput<typeof MerchantSettingsView>;

export const presentMerchantSettings = (settings: MerchantSettings): MerchantSettingsView => ({
  per_guest_days: settings.perGuestDays,
});
