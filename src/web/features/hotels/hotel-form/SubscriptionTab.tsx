import { useCan } from '../../../lib/current-user';
import { SubscriptionFields } from '../SubscriptionFields';
import type { TabProps } from './form';

/**
 * Subscription: duration, revenue, contract and payment screenshot, and the super admin's phone verification switch
 * (docs/PRODUCT.md "Guest trust"): other roles see it, unchangeable.
 */
export function SubscriptionTab({
  form,
  locked,
  editing,
  onUploading,
}: TabProps & { editing: boolean; onUploading: (busy: boolean) => void }) {
  const maySwitch = useCan('manageSettings');
  return (
    <div className="hotel-form-grid" role="tabpanel" aria-label="Subscription">
      <SubscriptionFields form={form} paymentLabel="Payment Screenshot" disabled={locked} onUploading={onUploading} />
      {editing && (
        <p className="field-hint hotel-form-wide">
          Changing the duration or revenue corrects the current subscription period. Use Renew to add a new one.
        </p>
      )}
      <div className="hotel-form-wide">
        <label className="mo-checkbox">
          <input
            type="checkbox"
            checked={form.values.phone_verification ?? false}
            disabled={locked || !maySwitch}
            onChange={(event) => form.set('phone_verification', event.target.checked)}
          />
          Phone verification: guests prove their mobile number with a code before collecting vouchers
        </label>
        <p className="field-hint">
          {maySwitch
            ? 'Each code is a WhatsApp or SMS message the programme pays for (Settings, Messaging: the daily budgets).'
            : 'Only a super admin can switch this.'}
        </p>
      </div>
    </div>
  );
}
