import * as v from 'valibot';
import { GUEST_LANGUAGES } from '../guest-languages';
import { requiredText } from './common';

/**
 * PUT sends the existing location merged with the edited fields; extra keys such as id are ignored. Without
 * `default_language` a create takes English and an update keeps the location's language (docs/PRODUCT.md "Languages").
 */
export const LocationInputSchema = v.object({
  name: requiredText('Location name is required', 100),
  default_language: v.optional(
    v.picklist(GUEST_LANGUAGES, `default_language must be one of ${GUEST_LANGUAGES.join(', ')}`),
  ),
});
export type LocationInput = v.InferOutput<typeof LocationInputSchema>;
