import { useSuspenseQuery } from '@tanstack/react-query';
import { Field } from '../../../components/ui/Field';
import { SelectField } from '../../../components/ui/SelectField';
import { subscriptionDurationsQuery } from '../api';
import { FileUpload } from '../FileUpload';
import type { TabProps } from './form';

/** Subscription: duration, revenue, contract and payment screenshot. */
export function SubscriptionTab({
  form,
  set,
  locked,
  editing,
  onUploading,
}: TabProps & { editing: boolean; onUploading: (busy: boolean) => void }) {
  const { data: durations } = useSuspenseQuery(subscriptionDurationsQuery);
  return (
    <div className="hotel-form-grid" role="tabpanel" aria-label="Subscription">
      <SelectField
        label="Subscription Duration"
        required
        value={form.subscription_duration_id}
        onChange={(e) => set('subscription_duration_id', e.target.value)}
        disabled={locked}
      >
        <option value="">Select duration</option>
        {durations.map((d) => (
          <option key={d.id} value={d.id}>
            {d.name}
          </option>
        ))}
      </SelectField>
      <Field
        label="Subscription Revenue (₹)"
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        placeholder="0"
        value={form.subscription_revenue ?? ''}
        onChange={(e) => set('subscription_revenue', e.target.value)}
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
