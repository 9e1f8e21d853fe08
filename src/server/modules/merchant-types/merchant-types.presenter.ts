import type { MerchantType } from '../../../shared/types';

export const presentMerchantType = (row: { id: number; name: string; thumbnailUrl: string | null }): MerchantType => ({
  id: row.id,
  name: row.name,
  thumbnail_url: row.thumbnailUrl,
});
