import * as v from 'valibot';
import {
  MAX_PRICE_PAISE,
  MAX_SPEND_LIMIT_RUPEES,
  PricesPaise,
  SpendLimits,
  type MessagingSettingsInput,
} from '../../../shared/schemas/messaging';
import { SaveFormDialog, type EditDialogProps, type SaveForm } from '../../components/ui/FormDialog';
import type { FieldSpec } from '../../components/ui/FormFields';
import { useSaveMessagingSettings, type MessagingSettings } from './api';

interface Form {
  whatsapp_limit: string;
  sms_limit: string;
  whatsapp_price: string;
  sms_price: string;
}

/** Blank is not a number: the API's own schema then names the field. */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The inputs hold text; the API's schemas (schemas/messaging.ts) check the numbers they make. */
const FormSchema = v.pipe(
  v.object({ whatsapp_limit: v.string(), sms_limit: v.string(), whatsapp_price: v.string(), sms_price: v.string() }),
  v.transform((form) => ({
    spend_limits: { whatsapp: numberOf(form.whatsapp_limit), sms: numberOf(form.sms_limit) },
    prices_paise: { whatsapp: numberOf(form.whatsapp_price), sms: numberOf(form.sms_price) },
  })),
  v.object({ spend_limits: SpendLimits, prices_paise: PricesPaise }),
);

const whole = { type: 'number', inputMode: 'numeric', min: 0, step: 1, required: true } as const;
const FIELDS: FieldSpec<Form>[] = [
  {
    field: 'whatsapp_limit',
    label: 'WhatsApp daily limit (₹)',
    ...whole,
    max: MAX_SPEND_LIMIT_RUPEES,
    autoFocus: true,
  },
  { field: 'sms_limit', label: 'SMS daily limit (₹)', ...whole, max: MAX_SPEND_LIMIT_RUPEES },
  { field: 'whatsapp_price', label: 'WhatsApp price per message (paise)', ...whole, max: MAX_PRICE_PAISE },
  { field: 'sms_price', label: 'SMS price per message (paise)', ...whole, max: MAX_PRICE_PAISE },
];

const SAVED = 'Messaging settings saved successfully';

const FORM: SaveForm<MessagingSettings, Form, typeof FormSchema, MessagingSettingsInput> = {
  schema: FormSchema,
  toForm: (record) => ({
    whatsapp_limit: String(record?.spend_limits.whatsapp ?? ''),
    sms_limit: String(record?.spend_limits.sms ?? ''),
    whatsapp_price: String(record?.prices_paise.whatsapp ?? ''),
    sms_price: String(record?.prices_paise.sms ?? ''),
  }),
  // The code budgets go as they are: the PUT takes the whole settings' required part.
  toInput: (input, record) => ({
    codes_per_hotel_day: record?.codes_per_hotel_day ?? 0,
    codes_per_day: record?.codes_per_day ?? 0,
    ...input,
  }),
  fields: FIELDS,
  texts: {
    add: 'Daily spend limits',
    edit: 'Daily spend limits',
    created: SAVED,
    updated: SAVED,
    failure: 'Failed to save messaging settings',
  },
};

/**
 * Edit the paid channels' daily spend limits and prices (PUT /settings/messaging; docs/OPERATING.md "Messages"):
 * guest messages stop on a channel once its sends today cost the limit.
 */
export function LimitsDialog(props: EditDialogProps<MessagingSettings>) {
  const save = useSaveMessagingSettings();
  return (
    <SaveFormDialog {...props} form={FORM} save={save}>
      {() => (
        <p className="muted messaging-dialog-note">
          Guest messages stop on a channel once today&apos;s messages on it cost its limit; verification codes have
          their own budgets. A price of 0 means the channel costs nothing and has no limit.
        </p>
      )}
    </SaveFormDialog>
  );
}
