import type { ReactNode } from 'react';
import { toast } from 'sonner';
import type { OfferUpdateInput } from '../../../shared/schemas/offers';
import type { SaveMutation } from '../../components/ui/FormDialog';
import { RecordDialog } from '../../components/ui/RecordDialog';
import { OfferForm, type OfferFormValues } from './OfferForm';

/**
 * One of the back office's offer dialogs (Create Offer, Edit Offer) as data: its texts (docs/PRODUCT.md "Forms and
 * messages"), the line above the form (whose offer it is), the values the form starts from and what a save sends.
 */
export interface OfferDialogMode<T, TInput> {
  title: string;
  submitLabel: string;
  busyLabel: string;
  success: string;
  failure: string;
  /** Edit also shows Active. */
  showActive: boolean;
  lead: (record: T) => ReactNode;
  initial: (record: T) => OfferFormValues;
  toInput: (record: T, values: OfferUpdateInput) => TInput;
}

/** The back office's offer dialogs: whose offer, then the shared offer form. */
export function OfferFormDialog<T extends { id: string }, TInput>({
  mode,
  record,
  onClose,
  save,
}: {
  mode: OfferDialogMode<T, TInput>;
  /** The merchant (Create Offer) or the offer (Edit Offer); the dialog is open while it is set. */
  record: T | null;
  onClose: () => void;
  /** Sent the checked values; then the success text as a toast, or the server's detail (else the failure text) in the form. */
  save: SaveMutation<TInput>;
}) {
  const { title, success, failure, lead, initial, toInput, ...form } = mode;
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
              await save.mutateAsync(toInput(shown, values));
              toast.success(success);
              onClose();
            }}
            failure={failure}
            busy={save.isPending}
            {...form}
          />
        </>
      )}
    </RecordDialog>
  );
}
