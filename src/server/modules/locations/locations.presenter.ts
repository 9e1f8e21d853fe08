import type { Presented } from '../../platform/lib/presented';

export const presentLocation = (row: { id: number; name: string }) => ({ id: row.id, name: row.name });

export type LocationView = Presented<typeof presentLocation>;
