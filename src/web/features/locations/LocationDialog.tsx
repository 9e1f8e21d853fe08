import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import * as v from 'valibot';
import { LocationInputSchema } from '../../../shared/schemas/locations';
import type { Location } from '../../../shared/types';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { errorText } from '../../lib/api';
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

  useEffect(() => {
    if (open) setName(location?.name ?? '');
  }, [open, location]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return; // a second submit is ignored while one runs
    const parsed = v.safeParse(LocationInputSchema, { name });
    if (!parsed.success) {
      toast.error(parsed.issues[0].message);
      return;
    }
    save.mutate(
      { ...parsed.output, id: location?.id },
      {
        onSuccess: () => {
          toast.success(editing ? 'Location updated successfully' : 'Location created successfully');
          setName('');
          onClose();
        },
        onError: (error) => toast.error(errorText(error, 'Operation failed')),
      },
    );
  };

  return (
    <Dialog open={open} title={editing ? 'Edit Location' : 'Add New Location'} onClose={onClose}>
      <form onSubmit={submit} className="form">
        <Field label="Location Name" required placeholder="Enter location name" value={name} onChange={(e) => setName(e.target.value)} autoFocus maxLength={100} />
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
