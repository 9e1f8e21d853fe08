import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import * as v from 'valibot';
import { LocationInputSchema } from '../../../shared/schemas/locations';
import type { Location } from '../../../shared/types';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { errorText } from '../../lib/api';
import { useOnOpen } from '../../lib/use-on-open';
import { useSingleSubmit } from '../../lib/use-single-submit';
import { useSaveLocation } from './api';

interface Props {
  open: boolean;
  location: Location | null;
  onClose: () => void;
}

export function LocationDialog({ open, location, onClose }: Props) {
  const [name, setName] = useState('');
  const save = useSaveLocation();
  const singleSubmit = useSingleSubmit();
  const editing = location !== null;

  useOnOpen(open, location, () => setName(location?.name ?? ''));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void singleSubmit(async () => {
      const parsed = v.safeParse(LocationInputSchema, { name });
      if (!parsed.success) {
        toast.error(parsed.issues[0].message);
        return;
      }
      try {
        await save.mutateAsync({ ...parsed.output, id: location?.id });
        toast.success(editing ? 'Location updated successfully' : 'Location created successfully');
        setName('');
        onClose();
      } catch (error) {
        toast.error(errorText(error, 'Operation failed'));
      }
    });
  };

  return (
    <Dialog open={open} title={editing ? 'Edit Location' : 'Add New Location'} onClose={onClose}>
      <form onSubmit={submit} className="form">
        <Field
          label="Location Name"
          required
          placeholder="Enter location name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          autoFocus
          maxLength={100}
        />
        <div className="form-actions">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Processing...' : editing ? 'Update' : 'Create'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
