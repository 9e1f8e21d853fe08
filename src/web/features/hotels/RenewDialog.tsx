import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import * as v from 'valibot';
import { formatDate } from '../../../shared/format';
import { RenewalInputSchema } from '../../../shared/schemas/hotels';
import type { Hotel } from '../../../shared/types';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { errorText } from '../../lib/api';
import { useOnOpen } from '../../lib/use-on-open';
import { useRenewHotel } from './api';
import { FileUpload } from './FileUpload';
import { SubscriptionFields } from './SubscriptionFields';

interface Props {
  hotel: Hotel | null;
  onClose: () => void;
}

/**
 * Renew Hotel Subscription (docs/PRODUCT.md "Screens"): duration, revenue, contract and payment proof, checked by the
 * API's RenewalInputSchema before sending.
 */
export function RenewDialog({ hotel, onClose }: Props) {
  const formId = useId();
  const renew = useRenewHotel();
  const [durationId, setDurationId] = useState('');
  const [revenue, setRevenue] = useState('');
  const [contract, setContract] = useState<string | null>(null);
  const [payment, setPayment] = useState<string | null>(null);
  const [uploads, setUploads] = useState(0);
  /** The last refusal, also shown in the dialog: a toast can sit behind a modal dialog on a small screen. */
  const [error, setError] = useState<string | null>(null);
  const fail = (message: string) => {
    setError(message);
    toast.error(message);
  };

  useOnOpen(hotel !== null, hotel, () => {
    if (!hotel) return;
    setDurationId(hotel.subscription_duration_id ? String(hotel.subscription_duration_id) : '');
    setRevenue(hotel.subscription_revenue ? String(hotel.subscription_revenue) : '');
    setContract(null);
    setPayment(null);
    setError(null);
  });

  const trackUpload = (busy: boolean) => setUploads((n) => n + (busy ? 1 : -1));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!hotel || renew.isPending) return;
    const parsed = v.safeParse(RenewalInputSchema, {
      subscription_duration_id: durationId,
      subscription_revenue: revenue,
      contract_url: contract,
      payment_screenshot_url: payment,
    });
    if (!parsed.success) {
      fail(parsed.issues[0].message);
      return;
    }
    if (uploads > 0) {
      fail('Please wait for the upload to finish');
      return;
    }
    setError(null);
    renew.mutate(
      { id: hotel.id, payload: parsed.output },
      {
        onSuccess: () => {
          toast.success('Hotel renewed successfully!');
          onClose();
        },
        onError: (error) => fail(errorText(error, 'Failed to renew hotel')),
      },
    );
  };

  return (
    <Dialog
      open={hotel !== null}
      title="Renew Hotel Subscription"
      onClose={onClose}
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={renew.isPending}>
            {renew.isPending ? 'Processing...' : 'Renew'}
          </Button>
        </>
      }
    >
      {hotel && (
        <form id={formId} onSubmit={submit} className="form" noValidate>
          {error && (
            <p className="hotel-form-error" role="alert">
              {error}
            </p>
          )}
          <div className="hotel-renew-summary">
            <strong>{hotel.name}</strong>
            <span className="muted">{hotel.location_name}</span>
            <span>
              Current end: <strong>{formatDate(hotel.subscription_end)}</strong>{' '}
              <Badge tone={hotel.is_active ? 'green' : 'red'}>{hotel.is_active ? 'Active' : 'Inactive'}</Badge>
            </span>
            <span className="muted">
              Renewals so far: {hotel.renewal_count}. The new period starts the day after the current end, or today if
              it has ended.
            </span>
          </div>
          <div className="hotel-form-grid">
            <SubscriptionFields
              duration={durationId}
              revenue={revenue}
              onDuration={setDurationId}
              onRevenue={setRevenue}
            />
            <FileUpload
              label="Contract"
              kind="contract"
              value={contract}
              onChange={setContract}
              onBusyChange={trackUpload}
            />
            <FileUpload
              label="Payment Proof"
              kind="contract"
              value={payment}
              onChange={setPayment}
              onBusyChange={trackUpload}
            />
          </div>
        </form>
      )}
    </Dialog>
  );
}
