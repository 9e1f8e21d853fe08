import type { OfferUpdateInput } from '../../../shared/schemas/offers';
import type { Offer } from '../../../shared/api-types';
import { useUpdateOffer } from './api';
import { offerToForm } from './OfferForm';
import { OfferFormDialog, type OfferDialogMode } from './OfferFormDialog';

/** Edit Offer from All Offers: the full offer is sent back (PUT /offers/{id}). */
const EDIT: OfferDialogMode<Offer, OfferUpdateInput & { id: string }> = {
  title: 'Edit Offer',
  submitLabel: 'Update Offer',
  busyLabel: 'Updating...',
  success: 'Offer updated successfully!',
  failure: 'Failed to update offer',
  showActive: true,
  lead: (o) => (
    <>
      <strong>{o.merchant_name}</strong> · {o.merchant.merchant_type} · {o.location_name}
    </>
  ),
  initial: offerToForm,
  toInput: (o, values) => ({ ...values, id: o.id }),
};

export function EditOfferDialog(props: { record: Offer | null; onClose: () => void }) {
  const update = useUpdateOffer();
  return <OfferFormDialog {...props} mode={EDIT} save={update} />;
}
