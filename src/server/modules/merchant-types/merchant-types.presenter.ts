import type { Presented } from '../../platform/lib/presented';

export const presentMerchantType = (row: { id: number; name: string; thumbnailUrl: string | null }) => ({
  id: row.id,
  name: row.name,
  thumbnail_url: row.thumbnailUrl,
});

export type MerchantTypeView = Presented<typeof presentMerchantType>;
