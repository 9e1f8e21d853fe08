import type { OfferCreateInput } from '../../../shared/schemas/offers';
import type { Merchant } from '../../../shared/api-types';
import { useCreateOffer } from './api';
import { NEW_OFFER } from './OfferForm';
import { OfferFormDialog, type OfferDialogMode } from './OfferFormDialog';

/** Create Offer for one merchant (the Add Offer row action of Manage Merchants). */
const CREATE: OfferDialogMode<Merchant, OfferCreateInput> = {
  title: 'Create Offer',
  submitLabel: 'Create Offer',
  busyLabel: 'Creating...',
  success: 'Offer created successfully!',
  failure: 'Failed to create offer',
  showActive: false,
  lead: (m) => (
    <>
      For <strong>{m.name}</strong> · {m.merchant_type_name} · {m.location_name}
    </>
  ),
  initial: () => NEW_OFFER,
  toInput: (m, values) => ({ ...values, merchant_id: m.id }),
};

export function CreateOfferDialog(props: { record: Merchant | null; onClose: () => void }) {
  const create = useCreateOffer();
  return <OfferFormDialog {...props} mode={CREATE} save={create} />;
}
