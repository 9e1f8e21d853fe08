import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { formatDate } from '../../../shared/format';
import { RENEWAL_DURATION_MESSAGE } from '../../../shared/schemas/hotels';
import type { Hotel } from '../../../shared/types';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { errorText } from '../../lib/api';
import { subscriptionDurationsQuery, useRenewHotel } from './api';
import { FileUpload } from './FileUpload';

interface Props {
  hotel: Hotel | null;
  onClose: () => void;
}

/** Renew Hotel Subscription (SPEC §2): duration, revenue, contract and payment proof. */
export function RenewDialog({ hotel, onClose }: Props) {
  const formId = useId();
  const durations = useQuery({ ...subscriptionDurationsQuery, enabled: hotel !== null });
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

  useEffect(() => {
    if (!hotel) return;
    setDurationId(hotel.subscription_duration_id ? String(hotel.subscription_duration_id) : '');
    setRevenue(hotel.subscription_revenue ? String(hotel.subscription_revenue) : '');
    setContract(null);
    setPayment(null);
    setError(null);
  }, [hotel]);

  const trackUpload = (busy: boolean) => setUploads((n) => n + (busy ? 1 : -1));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!hotel || renew.isPending) return;
    if (!durationId) {
      fail(RENEWAL_DURATION_MESSAGE);
      return;
    }
    if (uploads > 0) {
      fail('Please wait for the upload to finish');
      return;
    }
    setError(null);
    const amount = Number.parseFloat(revenue);
    renew.mutate(
      {
        id: hotel.id,
        payload: {
          subscription_duration_id: Number(durationId),
          subscription_revenue: Number.isFinite(amount) ? amount : 0,
          contract_url: contract,
          payment_screenshot_url: payment,
        },
      },
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
            <div className="field">
              <label htmlFor={`${formId}-duration`}>
                Subscription Duration
                <span className="required" aria-hidden="true">
                  {' '}
                  *
                </span>
              </label>
              <select id={`${formId}-duration`} value={durationId} onChange={(e) => setDurationId(e.target.value)}>
                <option value="">Select duration</option>
                {durations.data?.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.name}
                  </option>
                ))}
              </select>
            </div>
            <Field
              label="Subscription Revenue (₹)"
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              placeholder="0"
              value={revenue}
              onChange={(e) => setRevenue(e.target.value)}
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
