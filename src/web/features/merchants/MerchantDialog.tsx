import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import * as v from 'valibot';
import { MERCHANT_LOGIN_REQUIRED, MerchantInputSchema, MerchantLoginFields } from '../../../shared/schemas/merchants';
import { passwordNotUsername } from '../../../shared/schemas/passwords';
import type { Merchant } from '../../../shared/api-types';
import { FormDialog, useFormRefusal, type EditDialogProps } from '../../components/ui/FormDialog';
import { FormFields, type FieldSpec } from '../../components/ui/FormFields';
import type { Option } from '../../components/ui/SelectField';
import { useDialogForm, type FormState } from '../../components/ui/use-form';
import { errorText } from '../../lib/api';
import { useOnOpen } from '../../lib/use-on-open';
import { useLocationField } from '../locations';
import { merchantTypesQuery } from '../merchant-types';
import { FREQUENCY_LIMITS_NOTE } from '../offers';
import { EMPTY_LOGIN, NEW_LOGIN_FIELDS } from '../passwords';
import { useCreateMerchantLogin, useSaveMerchant } from './api';

const CredentialsSchema = v.pipe(v.pick(MerchantLoginFields, ['username', 'password']), passwordNotUsername());

const formFor = (m: Merchant | null) => ({
  name: m?.name ?? '',
  merchant_type_id: m ? String(m.merchant_type_id) : '',
  location_id: m ? String(m.location_id) : '',
  contact_number: m?.contact_number ?? '',
  store_contact_number: m?.store_contact_number ?? '',
  address: m?.address ?? '',
  location_link: m?.location_link ?? '',
  // Kept on edit: the save replaces the merchant (docs/PRODUCT.md "Offer rules").
  per_guest_days: m?.per_guest_days == null ? '' : String(m.per_guest_days),
});
type Form = ReturnType<typeof formFor>;

const TEL = { required: true, type: 'tel', inputMode: 'tel', autoComplete: 'off', maxLength: 20 } as const;

/** The merchant's fields in order, with the merchant types and locations to choose from. */
const merchantFields = (types: readonly Option[], location: FieldSpec<Form>): FieldSpec<Form>[] => [
  {
    field: 'name',
    label: 'Merchant Name',
    required: true,
    placeholder: 'Enter merchant name',
    maxLength: 200,
    autoFocus: true,
  },
  {
    kind: 'select',
    field: 'merchant_type_id',
    label: 'Merchant Type',
    required: true,
    placeholder: 'Select merchant type',
    options: types,
  },
  location,
  { field: 'contact_number', label: 'Contact Number', placeholder: 'Enter contact number', ...TEL },
  { field: 'store_contact_number', label: 'Store Contact Number', placeholder: 'Enter store contact number', ...TEL },
  {
    field: 'location_link',
    label: 'Location Link',
    type: 'url',
    inputMode: 'url',
    placeholder: 'https://maps.app.goo.gl/...',
    // Guests get it as the shop's map link (shared/maps.ts decides which links are maps addresses).
    hint: 'A Google Maps link to the shop (in Google Maps: Share, Copy link). Left empty, guests get a map search for the address.',
    maxLength: 2000,
  },
  {
    kind: 'textarea',
    field: 'address',
    label: 'Address',
    required: true,
    placeholder: 'Enter address',
    maxLength: 500,
    rows: 2,
    wrap: 'mo-wide',
  },
  {
    field: 'per_guest_days',
    label: 'Repeat limit: once per guest every (days)',
    type: 'number',
    inputMode: 'numeric',
    min: 1,
    max: 365,
    step: 1,
    placeholder: 'No limit',
    // docs/PRODUCT.md "Offer rules": every offer of the merchant, unless an offer has its own.
    hint: `One voucher of any of its offers per mobile number in that many days, across all hotels. ${FREQUENCY_LIMITS_NOTE}`,
    wrap: 'mo-wide',
  },
];

/** The first refusal of the merchant's fields, then (a new merchant's) its login's; undefined when they pass. */
function merchantRefusal(values: Form, login: typeof EMPTY_LOGIN | null): string | undefined {
  const parsed = v.safeParse(MerchantInputSchema, values);
  if (!parsed.success) return parsed.issues[0].message;
  if (!login) return undefined;
  if (!login.username.trim() || !login.password) return MERCHANT_LOGIN_REQUIRED;
  const credentials = v.safeParse(CredentialsSchema, login);
  return credentials.success ? undefined : credentials.issues[0].message;
}

/**
 * Add New Merchant (with its login) / Edit Merchant. A new merchant is created, then its login; when the login is
 * refused the merchant stays saved and a second Create retries only the login (updating the merchant first).
 */
export function MerchantDialog({ open, record: merchant, onClose }: EditDialogProps<Merchant>) {
  const save = useSaveMerchant();
  const createLogin = useCreateMerchantLogin();
  const form = useDialogForm(open, merchant, () => formFor(merchant));
  const login = useDialogForm(open, merchant, () => EMPTY_LOGIN);
  /** Set once the merchant is created: if its login then fails, a retry updates it instead of creating a second one. */
  const [savedId, setSavedId] = useState<string | null>(null);
  useOnOpen(open, merchant, () => setSavedId(null));
  const editing = merchant !== null;
  // A check's refusal shows in the dialog until the fields pass it, the server's until the fields change.
  const held = { merchant: form.values, login: login.values };
  const refusal = useFormRefusal(open, merchant, held);
  const check = (values: typeof held) => merchantRefusal(values.merchant, editing ? null : values.login);

  /** True once saved: the dialog closes. */
  const submit = async () => {
    const refused = check(held);
    if (refused) return refusal.refuse(refused, check);
    const parsed = v.parse(MerchantInputSchema, form.values);
    const { username, password } = login.values;
    try {
      if (editing) {
        await save.mutateAsync({ ...parsed, id: merchant.id });
        toast.success('Merchant updated successfully');
        return true;
      }
      let id = savedId;
      if (id) await save.mutateAsync({ ...parsed, id });
      else {
        id = (await save.mutateAsync(parsed)).id;
        setSavedId(id);
      }
      await createLogin.mutateAsync({ username: username.trim(), password, merchant_id: id });
      toast.success('Merchant created successfully!');
      return true;
    } catch (error) {
      refusal.refuse(errorText(error, 'Failed to save merchant'));
      return false;
    }
  };

  return (
    <FormDialog
      open={open}
      title={editing ? 'Edit Merchant' : 'Add New Merchant'}
      onClose={onClose}
      size="md"
      onSubmit={submit}
      busy={save.isPending || createLogin.isPending}
      submitLabel={editing ? 'Update' : 'Create'}
      error={refusal.error}
    >
      <MerchantFields form={form} />
      {!editing && (
        <fieldset className="mo-form-section">
          <legend>Login Credentials</legend>
          {savedId && (
            <p className="mo-notice" role="status">
              The merchant is saved, but its login is not. Choose another username and press Create again.
            </p>
          )}
          <div className="mo-form-grid">
            <FormFields form={login} fields={NEW_LOGIN_FIELDS} />
          </div>
        </fieldset>
      )}
    </FormDialog>
  );
}

/** The merchant's fields, with the merchant types and locations to choose from (read while the dialog is open). */
function MerchantFields({ form }: { form: FormState<Form> }) {
  const { data: types } = useSuspenseQuery(merchantTypesQuery);
  const location = useLocationField<Form>('location_id');
  return (
    <div className="mo-form-grid">
      <FormFields form={form} fields={merchantFields(types, location)} />
    </div>
  );
}
