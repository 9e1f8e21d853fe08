import type { Merchant } from '../../../shared/types';
import { useCreateOffer } from './api';
import { NEW_OFFER } from './OfferForm';
import { OfferFormDialog } from './OfferFormDialog';

/** Create Offer for one merchant (the Add Offer row action of Manage Merchants). */
export function CreateOfferDialog({ merchant, onClose }: { merchant: Merchant | null; onClose: () => void }) {
  const create = useCreateOffer();
  return (
    <OfferFormDialog
      mode="create"
      record={merchant}
      onClose={onClose}
      lead={(m) => (
        <>
          For <strong>{m.name}</strong> · {m.merchant_type_name} · {m.location_name}
        </>
      )}
      initial={() => NEW_OFFER}
      busy={create.isPending}
      save={(m, values) => create.mutateAsync({ ...values, merchant_id: m.id })}
    />
  );
}
