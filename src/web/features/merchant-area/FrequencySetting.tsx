import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { MerchantSettingsSchema } from '../../../shared/schemas/merchants';
import { perGuestRuleText } from '../../../shared/offer-rules';
import { FormDialog, useFormRefusal } from '../../components/ui/FormDialog';
import { FormFields, type FieldSpec } from '../../components/ui/FormFields';
import { useDialogForm } from '../../components/ui/use-form';
import { saveChecked } from '../../lib/save-form';
import { FREQUENCY_LIMITS_NOTE } from '../offers';
import { merchantSettingsQuery } from './api';
import { useSaveMerchantSettings } from './mutations';

type Form = { per_guest_days: string };

const FIELDS: FieldSpec<Form>[] = [
  {
    field: 'per_guest_days',
    label: 'Once per guest every (days)',
    type: 'number',
    inputMode: 'numeric',
    min: 1,
    max: 365,
    step: 1,
    placeholder: 'No limit',
    hint: 'Empty: no limit. An offer with its own limit keeps it.',
  },
];

/**
 * The merchant's own frequency on My Offers (docs/PRODUCT.md "Offer rules"): one voucher of any of its offers per
 * mobile number every N days, across all hotels, with what it cannot see. A line and Change, then a small dialog.
 */
export function FrequencySetting() {
  // Not a suspense read: My Offers shows without it (a failed load is only logged) and the line says "…".
  const { data } = useQuery(merchantSettingsQuery);
  const [open, setOpen] = useState(false);
  const days = data?.per_guest_days;
  return (
    <section className="card ma-frequency" aria-labelledby="ma-frequency-title">
      <div className="ma-frequency-text">
        <h2 id="ma-frequency-title">Repeat limit, all offers</h2>
        <p>
          {days === undefined
            ? '…'
            : days === null
              ? 'None: a guest may collect again at every stay.'
              : perGuestRuleText(days)}
        </p>
      </div>
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        aria-label="Change the repeat limit"
        onClick={() => setOpen(true)}
        disabled={!data}
      >
        Change
      </button>
      <FrequencyDialog open={open} days={days ?? null} onClose={() => setOpen(false)} />
    </section>
  );
}

function FrequencyDialog({ open, days, onClose }: { open: boolean; days: number | null; onClose: () => void }) {
  const save = useSaveMerchantSettings();
  const form = useDialogForm<Form>(open, days, () => ({ per_guest_days: days === null ? '' : String(days) }));
  const refusal = useFormRefusal(open, days, form.values);
  return (
    <FormDialog
      open={open}
      title="Repeat limit"
      onClose={onClose}
      busy={save.isPending}
      submitLabel="Save"
      error={refusal.error}
      onSubmit={() =>
        saveChecked(MerchantSettingsSchema, form.values, save.mutateAsync, {
          success: 'Repeat limit saved',
          failure: 'Could not save the repeat limit',
          refused: refusal.refuse,
        })
      }
    >
      <p>One voucher of any of your offers per mobile number in that many days, across all hotels.</p>
      <FormFields form={form} fields={FIELDS} />
      <p className="field-hint ma-frequency-note">{FREQUENCY_LIMITS_NOTE}</p>
    </FormDialog>
  );
}
