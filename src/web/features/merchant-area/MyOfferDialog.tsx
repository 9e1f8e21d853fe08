import { toast } from 'sonner';
import { OFFER_SAVE_ERROR_FALLBACK } from '../../../shared/schemas/merchant-area';
import type { Offer } from '../../../shared/api-types';
import { Dialog } from '../../components/ui/Dialog';
import type { EditDialogProps } from '../../components/ui/FormDialog';
import { NEW_OFFER, OfferForm, offerToForm } from '../offers';
import { useSaveMyOffer } from './mutations';

/**
 * Add New Offer / Edit Offer on My Offers, with the shared offer form (docs/PRODUCT.md "Forms and messages": every
 * field required) and its rules. No Active box: Active is the back office's switch and the merchant's lever is the
 * card's Pause (docs/PRODUCT.md "Offer rules"). A failed save shows the server's detail or "Error saving offer" in
 * the form.
 */
export function MyOfferDialog({ open, record: editing, onClose }: EditDialogProps<Offer>) {
  const save = useSaveMyOffer();
  return (
    <Dialog open={open} title={editing ? 'Edit Offer' : 'Add New Offer'} onClose={onClose} size="md">
      {open && (
        <OfferForm
          key={editing?.id ?? 'new'}
          initial={editing ? offerToForm(editing) : NEW_OFFER}
          submitLabel={editing ? 'Update Offer' : 'Create Offer'}
          busyLabel="Saving..."
          busy={save.isPending}
          onCancel={onClose}
          onSubmit={async (values) => {
            await save.mutateAsync({ ...values, id: editing?.id });
            toast.success(editing ? 'Offer updated successfully!' : 'Offer created successfully!');
            onClose();
          }}
          failure={OFFER_SAVE_ERROR_FALLBACK}
        />
      )}
    </Dialog>
  );
}
