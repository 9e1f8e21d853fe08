import { toast } from 'sonner';
import type { Offer } from '../../../shared/types';
import { Dialog } from '../../components/ui/Dialog';
import { errorText } from '../../lib/api';
import { useUpdateOffer } from './api';
import { OfferForm, offerToForm } from './OfferForm';

/** Edit Offer from All Offers: the full offer is sent back (PUT /offers/{id}). */
export function EditOfferDialog({ offer, onClose }: { offer: Offer | null; onClose: () => void }) {
  const update = useUpdateOffer();
  return (
    <Dialog open={offer !== null} title="Edit Offer" onClose={onClose} size="md">
      {offer && (
        <>
          <p className="mo-dialog-lead">
            <strong>{offer.merchant_name}</strong> · {offer.merchant.merchant_type} · {offer.location_name}
          </p>
          <OfferForm
            key={offer.id}
            initial={offerToForm(offer)}
            showActive
            submitLabel="Update Offer"
            busyLabel="Updating..."
            busy={update.isPending}
            onCancel={onClose}
            onSubmit={async (values) => {
              try {
                await update.mutateAsync({ ...values, id: offer.id });
                toast.success('Offer updated successfully!');
                onClose();
              } catch (error) {
                toast.error(errorText(error, 'Failed to update offer'));
              }
            }}
          />
        </>
      )}
    </Dialog>
  );
}
