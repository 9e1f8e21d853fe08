import { toast } from 'sonner';
import type { Merchant } from '../../../shared/types';
import { Dialog } from '../../components/ui/Dialog';
import { errorText } from '../../lib/api';
import { useCreateOffer } from './api';
import { NEW_OFFER, OfferForm } from './OfferForm';

/** Create Offer for one merchant (the Add Offer row action of Manage Merchants). */
export function CreateOfferDialog({ merchant, onClose }: { merchant: Merchant | null; onClose: () => void }) {
  const create = useCreateOffer();
  return (
    <Dialog open={merchant !== null} title="Create Offer" onClose={onClose} size="md">
      {merchant && (
        <>
          <p className="mo-dialog-lead">
            For <strong>{merchant.name}</strong> · {merchant.merchant_type_name} · {merchant.location_name}
          </p>
          <OfferForm
            initial={NEW_OFFER}
            submitLabel="Create Offer"
            busyLabel="Creating..."
            busy={create.isPending}
            onCancel={onClose}
            onSubmit={async (values) => {
              try {
                await create.mutateAsync({ ...values, merchant_id: merchant.id });
                toast.success('Offer created successfully!');
                onClose();
              } catch (error) {
                toast.error(errorText(error, 'Failed to create offer'));
              }
            }}
          />
        </>
      )}
    </Dialog>
  );
}
