import { useState } from 'react';
import { LocationInputSchema } from '../../../shared/schemas/locations';
import type { Location } from '../../../shared/types';
import { Field } from '../../components/ui/Field';
import { FormDialog } from '../../components/ui/FormDialog';
import { saveChecked } from '../../lib/save-form';
import { useOnOpen } from '../../lib/use-on-open';
import { useSaveLocation } from './api';

interface Props {
  open: boolean;
  location: Location | null;
  onClose: () => void;
}

export function LocationDialog({ open, location, onClose }: Props) {
  const [name, setName] = useState('');
  const save = useSaveLocation();
  const editing = location !== null;

  useOnOpen(open, location, () => setName(location?.name ?? ''));

  const submit = async () => {
    const saved = await saveChecked(
      LocationInputSchema,
      { name },
      (input) => save.mutateAsync({ ...input, id: location?.id }),
      {
        success: editing ? 'Location updated successfully' : 'Location created successfully',
        failure: 'Operation failed',
      },
    );
    if (saved) onClose();
  };

  return (
    <FormDialog
      open={open}
      title={editing ? 'Edit Location' : 'Add New Location'}
      onClose={onClose}
      onSubmit={submit}
      busy={save.isPending}
      submitLabel={editing ? 'Update' : 'Create'}
    >
      <Field
        label="Location Name"
        required
        placeholder="Enter location name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        autoFocus
        maxLength={100}
      />
    </FormDialog>
  );
}
