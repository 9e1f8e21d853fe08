import * as v from 'valibot';
import { int, named } from '../../platform/openapi/shapes';

/** A location as the API answers it: the shape is written once, here (docs/DEVELOPING.md "API conventions"). */
export const LocationView = named('Location', v.strictObject({ id: int, name: v.string() }));
export type LocationView = v.InferOutput<typeof LocationView>;

export const presentLocation = (row: { id: number; name: string }): LocationView => ({ id: row.id, name: row.name });
