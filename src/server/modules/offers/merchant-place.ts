import * as v from 'valibot';
import { mapLink } from '../../../shared/maps';
import { pickColumns, type RowOf } from '../../db/table-columns';
import { named } from '../../platform/openapi/shapes';
import { merchants } from '../merchants/table';

/**
 * A shop's place, read beside an offer or a coupon (View Details, a voucher and its PDF): the merchant's columns a
 * select names with `merchant` before them. Here rather than in the merchants module, which uses this one (it
 * archives a merchant's offers through it): the place is what an offer shows of its shop.
 */
const { address, storeContactNumber, locationLink } = pickColumns(
  merchants,
  'address',
  'storeContactNumber',
  'locationLink',
);
export const merchantPlaceColumns = {
  merchantAddress: address,
  merchantStoreContactNumber: storeContactNumber,
  merchantLocationLink: locationLink,
};

export type MerchantPlaceRow = RowOf<typeof merchantPlaceColumns>;

/**
 * Where a guest finds the shop (voucher, View Details): its address, a map link (shared/maps.ts) and the store's own
 * number to call, never the owner's contact number.
 */
export const MerchantPlaceView = named(
  'MerchantPlace',
  v.strictObject({
    address: v.string(),
    store_contact_number: v.nullable(v.string()),
    map_link: v.string(),
  }),
);
export type MerchantPlaceView = v.InferOutput<typeof MerchantPlaceView>;

export const presentMerchantPlace = (row: MerchantPlaceRow): MerchantPlaceView => ({
  address: row.merchantAddress,
  store_contact_number: row.merchantStoreContactNumber,
  map_link: mapLink(row.merchantLocationLink, row.merchantAddress),
});
