import { LocationInputSchema } from '../../../shared/schemas/locations';
import type { Location } from '../../../shared/types';
import { SaveFormDialog, type SaveTexts } from '../../components/ui/FormDialog';
import { FormFields, type FieldSpec } from '../../components/ui/FormFields';
import { useDialogForm } from '../../components/ui/use-form';
import { useSaveLocation } from './api';

interface Props {
  open: boolean;
  location: Location | null;
  onClose: () => void;
}

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

const TEXTS: SaveTexts = {
  add: 'Add New Location',
  edit: 'Edit Location',
  created: 'Location created successfully',
  updated: 'Location updated successfully',
  failure: 'Operation failed',
};

export function LocationDialog({ open, location, onClose }: Props) {
  const form = useDialogForm<Form>(open, location, () => ({ name: location?.name ?? '' }));
  const save = useSaveLocation();

  return (
    <SaveFormDialog
      open={open}
      record={location}
      onClose={onClose}
      schema={LocationInputSchema}
      values={form.values}
      save={(input) => save.mutateAsync({ ...input, id: location?.id })}
      texts={TEXTS}
      busy={save.isPending}
    >
      <FormFields form={form} fields={FIELDS} />
    </SaveFormDialog>
  );
}
