import * as v from 'valibot';
import { requiredText } from './common';

/** PUT sends the existing location merged with the edited name; extra keys such as id are ignored. */
export const LocationInputSchema = v.object({
  name: requiredText('Location name is required', 100),
});
export type LocationInput = v.InferOutput<typeof LocationInputSchema>;
