import { SubscriptionFields } from '../SubscriptionFields';
import type { TabProps } from './form';

/** Subscription: duration, revenue, contract and payment screenshot. */
export function SubscriptionTab({
  form,
  locked,
  editing,
  onUploading,
}: TabProps & { editing: boolean; onUploading: (busy: boolean) => void }) {
  return (
    <div className="hotel-form-grid" role="tabpanel" aria-label="Subscription">
      <SubscriptionFields form={form} paymentLabel="Payment Screenshot" disabled={locked} onUploading={onUploading} />
      {editing && (
        <p className="field-hint hotel-form-wide">
          Changing the duration or revenue corrects the current subscription period. Use Renew to add a new one.
        </p>
      )}
    </div>
  );
}
