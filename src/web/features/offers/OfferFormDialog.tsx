import type { ReactNode } from 'react';
import { toast } from 'sonner';
import type { OfferUpdateInput } from '../../../shared/schemas/offers';
import { RecordDialog } from '../../components/ui/RecordDialog';
import { errorText } from '../../lib/api';
import { OfferForm, type OfferFormValues } from './OfferForm';

/** The texts of each dialog (docs/PRODUCT.md "Forms and messages"); Edit also shows Active. */
const MODES = {
  create: {
    title: 'Create Offer',
    submitLabel: 'Create Offer',
    busyLabel: 'Creating...',
    success: 'Offer created successfully!',
    failure: 'Failed to create offer',
    showActive: false,
  },
  edit: {
    title: 'Edit Offer',
    submitLabel: 'Update Offer',
    busyLabel: 'Updating...',
    success: 'Offer updated successfully!',
    failure: 'Failed to update offer',
    showActive: true,
  },
};

interface Props<T> {
  mode: keyof typeof MODES;
  /** The merchant (Create Offer) or the offer (Edit Offer); the dialog is open while it is set. */
  record: T | null;
  onClose: () => void;
  /** The line above the form: whose offer it is. */
  lead: (record: T) => ReactNode;
  initial: (record: T) => OfferFormValues;
  busy: boolean;
  /** Sends the checked values; then the success text, or the server's detail (else the failure text), as a toast. */
  save: (record: T, values: OfferUpdateInput) => Promise<unknown>;
}

/** The back office's offer dialogs (Create Offer, Edit Offer): whose offer, then the shared offer form. */
export function OfferFormDialog<T extends { id: string }>({
  mode,
  record,
  onClose,
  lead,
  initial,
  busy,
  save,
}: Props<T>) {
  const { title, success, failure, ...form } = MODES[mode];
  return (
    <RecordDialog record={record} title={title} onClose={onClose} size="md">
      {(shown) => (
        <>
          <p className="mo-dialog-lead">{lead(shown)}</p>
          <OfferForm
            key={shown.id}
            initial={initial(shown)}
            onCancel={onClose}
            onSubmit={async (values) => {
              try {
                await save(shown, values);
                toast.success(success);
                onClose();
              } catch (error) {
                toast.error(errorText(error, failure));
              }
            }}
            busy={busy}
            {...form}
          />
        </>
      )}
    </RecordDialog>
  );
}
