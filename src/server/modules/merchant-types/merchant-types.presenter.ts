import * as v from 'valibot';
import { int, named } from '../../platform/openapi/shapes';

export const MerchantTypeView = named(
  'MerchantType',
  v.strictObject({ id: int, name: v.string(), thumbnail_url: v.nullable(v.string()) }),
);
export type MerchantTypeView = v.InferOutput<typeof MerchantTypeView>;

export const presentMerchantType = (row: {
  id: number;
  name: string;
  thumbnailUrl: string | null;
}): MerchantTypeView => ({
  id: row.id,
  name: row.name,
  thumbnail_url: row.thumbnailUrl,
});
