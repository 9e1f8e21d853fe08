import { useSuspenseQuery } from '@tanstack/react-query';
import { FormFields, type FieldSpec } from '../../components/ui/FormFields';
import type { FormState } from '../../components/ui/use-form';
import { subscriptionDurationsQuery } from './api';
import { FileUpload } from './FileUpload';

/** A subscription period as the hotel form and Renew hold it (the API's names). */
export interface SubscriptionValues {
  subscription_duration_id: string | number;
  subscription_revenue: string | number | null;
  contract_url: string | null;
  payment_screenshot_url: string | null;
}

interface Props {
  form: FormState<SubscriptionValues>;
  /** The payment file's label: "Payment Screenshot" in the hotel form, "Payment Proof" in Renew. */
  paymentLabel: string;
  /** Locks the duration and revenue (the hotel is saved, its login not). */
  disabled?: boolean;
  onUploading: (busy: boolean) => void;
}

const REVENUE: FieldSpec<SubscriptionValues> = {
  field: 'subscription_revenue',
  label: 'Subscription Revenue (₹)',
  type: 'number',
  inputMode: 'decimal',
  min: 0,
  step: '0.01',
  placeholder: '0',
};

/** Subscription Duration and Revenue, the contract and the payment file: the hotel form's Subscription tab and Renew. */
export function SubscriptionFields({ form, paymentLabel, disabled, onUploading }: Props) {
  const { data: durations } = useSuspenseQuery(subscriptionDurationsQuery);
  const fields: FieldSpec<SubscriptionValues>[] = [
    {
      kind: 'select',
      field: 'subscription_duration_id',
      label: 'Subscription Duration',
      required: true,
      placeholder: 'Select duration',
      options: durations,
    },
    // A manager editing a hotel sees no amount (docs/SECURITY.md "Roles"): the answer's null stays, unshown.
    ...(form.values.subscription_revenue === null ? [] : [REVENUE]),
  ];
  const files = [
    { field: 'contract_url', label: 'Contract' },
    { field: 'payment_screenshot_url', label: paymentLabel },
  ] as const;
  return (
    <>
      <FormFields form={form} fields={fields} disabled={disabled} />
      {files.map(({ field, label }) => (
        <FileUpload
          key={field}
          label={label}
          kind="contract"
          value={form.values[field]}
          onChange={(url) => form.set(field, url)}
          onBusyChange={onUploading}
        />
      ))}
    </>
  );
}
