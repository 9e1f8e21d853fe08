import { LocationInputSchema, type LocationInput } from '../../../shared/schemas/locations';
import type { Location } from '../../../shared/api-types';
import { SaveFormDialog, type EditDialogProps, type SaveForm } from '../../components/ui/FormDialog';
import type { FieldSpec } from '../../components/ui/FormFields';
import { useSaveLocation } from './api';

type Form = { name: string };

const FIELDS: FieldSpec<Form>[] = [
  {
    field: 'name',
    label: 'Location Name',
    required: true,
    placeholder: 'Enter location name',
    autoFocus: true,
    maxLength: 100,
  },
];

/** Add New Location / Edit Location; PUT /locations/{id} takes the id in the body too. */
const FORM: SaveForm<Location, Form, typeof LocationInputSchema, LocationInput & { id?: number }> = {
  schema: LocationInputSchema,
  toForm: (location) => ({ name: location?.name ?? '' }),
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
