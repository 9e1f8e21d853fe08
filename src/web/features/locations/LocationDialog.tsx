import { GUEST_LANGUAGES, languageLabel, type GuestLanguage } from '../../../shared/guest-languages';
import { LocationInputSchema, type LocationInput } from '../../../shared/schemas/locations';
import type { Location } from '../../../shared/api-types';
import { SaveFormDialog, type EditDialogProps, type SaveForm } from '../../components/ui/FormDialog';
import type { FieldSpec } from '../../components/ui/FormFields';
import { useSaveLocation } from './api';

type Form = { name: string; default_language: GuestLanguage };

/** Each guest page language by its own name and its English one ("தமிழ் · Tamil"), English first. */
const LANGUAGE_OPTIONS = GUEST_LANGUAGES.map((lang) => ({ id: lang, name: languageLabel(lang) }));

const FIELDS: FieldSpec<Form>[] = [
  {
    field: 'name',
    label: 'Location Name',
    required: true,
    placeholder: 'Enter location name',
    autoFocus: true,
    maxLength: 100,
  },
  {
    kind: 'select',
    field: 'default_language',
    label: 'Guest page language',
    options: LANGUAGE_OPTIONS,
    hint: "The guest page opens in it when the guest's phone uses none of the page's languages.",
  },
];

/** Add New Location / Edit Location; PUT /locations/{id} takes the id in the body too. */
const FORM: SaveForm<Location, Form, typeof LocationInputSchema, LocationInput & { id?: number }> = {
  schema: LocationInputSchema,
  toForm: (location) => ({ name: location?.name ?? '', default_language: location?.default_language ?? 'en' }),
  toInput: (input, location) => ({ ...input, id: location?.id }),
  fields: FIELDS,
  texts: {
    add: 'Add New Location',
    edit: 'Edit Location',
    created: 'Location created successfully',
    updated: 'Location updated successfully',
    failure: 'Operation failed',
  },
};

export function LocationDialog(props: EditDialogProps<Location>) {
  const save = useSaveLocation();
  return <SaveFormDialog {...props} form={FORM} save={save} />;
}
