import { useState } from 'react';
import { formatDate } from '../../../shared/format';
import { RenewalInputSchema } from '../../../shared/schemas/hotels';
import type { Hotel } from '../../../shared/api-types';
import { Badge } from '../../components/ui/Badge';
import { FormDialog, useFormRefusal } from '../../components/ui/FormDialog';
import { useDialogForm } from '../../components/ui/use-form';
import { saveChecked } from '../../lib/save-form';
import { useRenewHotel } from './api';
import { SubscriptionFields, type SubscriptionValues } from './SubscriptionFields';

interface Props {
  hotel: Hotel | null;
  onClose: () => void;
}

/** The current duration and revenue are offered again; the files are new each time. */
const toForm = (hotel: Hotel | null): SubscriptionValues => ({
  subscription_duration_id: hotel?.subscription_duration_id ? String(hotel.subscription_duration_id) : '',
  subscription_revenue: hotel?.subscription_revenue ? String(hotel.subscription_revenue) : '',
  contract_url: null,
  payment_screenshot_url: null,
});

/**
 * Renew Hotel Subscription (docs/PRODUCT.md "Screens"): duration, revenue, contract and payment proof, checked by the
 * API's RenewalInputSchema before sending (and not while a file uploads).
 */
export function RenewDialog({ hotel, onClose }: Props) {
  const renew = useRenewHotel();
  const form = useDialogForm(hotel !== null, hotel, () => toForm(hotel));
  const [uploads, setUploads] = useState(0);
  const refusal = useFormRefusal(hotel !== null, hotel, form.values);

  const submit = () => {
    if (!hotel) return;
    // Shown until the upload sets its file (the values change).
    if (uploads > 0) return refusal.refuse('Please wait for the upload to finish');
    return saveChecked(RenewalInputSchema, form.values, (payload) => renew.mutateAsync({ id: hotel.id, payload }), {
      success: 'Hotel renewed successfully!',
      failure: 'Failed to renew hotel',
      refused: refusal.refuse,
    });
  };

  return (
    <FormDialog
      open={hotel !== null}
      title="Renew Hotel Subscription"
      onClose={onClose}
      size="md"
      onSubmit={submit}
      busy={renew.isPending}
      submitLabel="Renew"
      error={refusal.error}
      actionsInFooter
    >
      {hotel && (
        <div className="hotel-renew-summary">
          <strong>{hotel.name}</strong>
          <span className="muted">{hotel.location_name}</span>
          <span>
            Current end: <strong>{formatDate(hotel.subscription_end)}</strong>{' '}
            <Badge tone={hotel.is_active ? 'green' : 'red'}>{hotel.is_active ? 'Active' : 'Inactive'}</Badge>
          </span>
          <span className="muted">
            Renewals so far: {hotel.renewal_count}. The new period starts the day after the current end, or today if it
            has ended.
          </span>
        </div>
      )}
      <div className="hotel-form-grid">
        <SubscriptionFields
          form={form}
          paymentLabel="Payment Proof"
          onUploading={(busy) => setUploads((n) => n + (busy ? 1 : -1))}
        />
      </div>
    </FormDialog>
  );
}
