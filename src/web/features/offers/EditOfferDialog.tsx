import type { Offer } from '../../../shared/types';
import { useUpdateOffer } from './api';
import { offerToForm } from './OfferForm';
import { OfferFormDialog } from './OfferFormDialog';

/** Edit Offer from All Offers: the full offer is sent back (PUT /offers/{id}). */
export function EditOfferDialog({ offer, onClose }: { offer: Offer | null; onClose: () => void }) {
  const update = useUpdateOffer();
  return (
    <OfferFormDialog
      mode="edit"
      record={offer}
      onClose={onClose}
      lead={(o) => (
        <>
          <strong>{o.merchant_name}</strong> · {o.merchant.merchant_type} · {o.location_name}
        </>
      )}
      initial={offerToForm}
      busy={update.isPending}
      save={(o, values) => update.mutateAsync({ ...values, id: o.id })}
    />
  );
}
