import { FileUpload } from '../FileUpload';
import { SubscriptionFields } from '../SubscriptionFields';
import type { TabProps } from './form';

/** Subscription: duration, revenue, contract and payment screenshot. */
export function SubscriptionTab({
  form,
  set,
  locked,
  editing,
  onUploading,
}: TabProps & { editing: boolean; onUploading: (busy: boolean) => void }) {
  return (
    <div className="hotel-form-grid" role="tabpanel" aria-label="Subscription">
      <SubscriptionFields
        duration={form.subscription_duration_id}
        revenue={form.subscription_revenue}
        onDuration={(id) => set('subscription_duration_id', id)}
        onRevenue={(amount) => set('subscription_revenue', amount)}
        disabled={locked}
      />
      <FileUpload
        label="Contract"
        kind="contract"
        value={form.contract_url}
        onChange={(url) => set('contract_url', url)}
        onBusyChange={onUploading}
      />
      <FileUpload
        label="Payment Screenshot"
        kind="contract"
        value={form.payment_screenshot_url}
        onChange={(url) => set('payment_screenshot_url', url)}
        onBusyChange={onUploading}
      />
      {editing && (
        <p className="field-hint hotel-form-wide">
          Changing the duration or revenue corrects the current subscription period. Use Renew to add a new one.
        </p>
      )}
    </div>
  );
}
