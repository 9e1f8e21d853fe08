import type { Location } from '../../../shared/types';

export const presentLocation = (row: { id: number; name: string }): Location => ({ id: row.id, name: row.name });
