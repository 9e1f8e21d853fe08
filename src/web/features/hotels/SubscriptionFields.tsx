import { useSuspenseQuery } from '@tanstack/react-query';
import { Field } from '../../components/ui/Field';
import { SelectField } from '../../components/ui/SelectField';
import { subscriptionDurationsQuery } from './api';

interface Props {
  duration: string | number;
  revenue: string | number | null;
  onDuration: (id: string) => void;
  onRevenue: (amount: string) => void;
  disabled?: boolean;
}

/** Subscription Duration and Revenue: the hotel form's Subscription tab and Renew. */
export function SubscriptionFields({ duration, revenue, onDuration, onRevenue, disabled }: Props) {
  const { data: durations } = useSuspenseQuery(subscriptionDurationsQuery);
  return (
    <>
      <SelectField
        label="Subscription Duration"
        required
        value={duration}
        onChange={(e) => onDuration(e.target.value)}
        disabled={disabled}
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
        value={revenue ?? ''}
        onChange={(e) => onRevenue(e.target.value)}
        disabled={disabled}
      />
    </>
  );
}
