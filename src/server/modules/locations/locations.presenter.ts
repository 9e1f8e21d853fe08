import * as v from 'valibot';
import { GUEST_LANGUAGES, type GuestLanguage } from '../../../shared/guest-languages';
import { int, named } from '../../platform/openapi/shapes';

/** A location as the API answers it: the shape is written once, here (docs/DEVELOPING.md "API conventions"). */
export const LocationView = named(
  'Location',
  v.strictObject({
    id: int,
    name: v.string(),
    /** The guest page's language when the phone speaks none of ours (docs/PRODUCT.md "Languages"). */
    default_language: v.picklist(GUEST_LANGUAGES),
  }),
);
export type LocationView = v.InferOutput<typeof LocationView>;

export const presentLocation = (row: { id: number; name: string; defaultLanguage: GuestLanguage }): LocationView => ({
  id: row.id,
  name: row.name,
  default_language: row.defaultLanguage,
});
