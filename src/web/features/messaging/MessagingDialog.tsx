import * as v from 'valibot';
import { MessagingSettingsSchema, type MessagingSettingsInput } from '../../../shared/schemas/messaging';
import { SaveFormDialog, type EditDialogProps, type SaveForm } from '../../components/ui/FormDialog';
import type { FieldSpec } from '../../components/ui/FormFields';
import { useSaveMessagingSettings, type MessagingSettings } from './api';

interface Form {
  codes_per_hotel_day: string;
  codes_per_day: string;
}

/** The inputs hold text; the API's own schema checks the numbers they make (blank is not a number). */
const FormSchema = v.pipe(
  v.object({ codes_per_hotel_day: v.string(), codes_per_day: v.string() }),
  v.transform((form) => ({
    codes_per_hotel_day: form.codes_per_hotel_day.trim() === '' ? Number.NaN : Number(form.codes_per_hotel_day),
    codes_per_day: form.codes_per_day.trim() === '' ? Number.NaN : Number(form.codes_per_day),
  })),
  MessagingSettingsSchema,
);

const number = { type: 'number', inputMode: 'numeric', min: 0, max: 1_000_000, step: 1, required: true } as const;
const FIELDS: FieldSpec<Form>[] = [
  { field: 'codes_per_hotel_day', label: 'Codes per hotel a day', ...number, autoFocus: true },
  { field: 'codes_per_day', label: 'Codes a day for the whole programme', ...number },
];

const SAVED = 'Messaging settings saved successfully';

const FORM: SaveForm<MessagingSettings, Form, typeof FormSchema, MessagingSettingsInput> = {
  schema: FormSchema,
  toForm: (record) => ({
    codes_per_hotel_day: String(record?.codes_per_hotel_day ?? ''),
    codes_per_day: String(record?.codes_per_day ?? ''),
  }),
  toInput: (input) => input,
  fields: FIELDS,
  texts: {
    add: 'Verification code budgets',
    edit: 'Verification code budgets',
    created: SAVED,
    updated: SAVED,
    failure: 'Failed to save messaging settings',
  },
};

/** Edit the daily budgets of verification codes (PUT /settings/messaging). */
export function MessagingDialog(props: EditDialogProps<MessagingSettings>) {
  const save = useSaveMessagingSettings();
  return <SaveFormDialog {...props} form={FORM} save={save} />;
}
