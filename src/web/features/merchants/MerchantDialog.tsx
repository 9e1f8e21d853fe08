import { useSuspenseQuery } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import * as v from 'valibot';
import { MERCHANT_LOGIN_REQUIRED, MerchantInputSchema, MerchantLoginQuery } from '../../../shared/schemas/merchants';
import type { Merchant } from '../../../shared/types';
import { FormActions } from '../../components/ui/FormDialog';
import { Dialog } from '../../components/ui/Dialog';
import { FormFields, type FieldSpec } from '../../components/ui/FormFields';
import type { Option } from '../../components/ui/SelectField';
import { useForm } from '../../components/ui/use-form';
import { errorText } from '../../lib/api';
import { useLocationField } from '../locations';
import { merchantTypesQuery } from '../merchant-types';
import { EMPTY_LOGIN, NEW_LOGIN_FIELDS } from '../passwords';
import { useCreateMerchantLogin, useSaveMerchant } from './api';

interface Props {
  open: boolean;
  /** null: Add (with the login credentials); a merchant: Edit. */
  merchant: Merchant | null;
  onClose: () => void;
}

const CredentialsSchema = v.pick(MerchantLoginQuery, ['username', 'password']);

const formFor = (m: Merchant | null) => ({
  name: m?.name ?? '',
  merchant_type_id: m ? String(m.merchant_type_id) : '',
  location_id: m ? String(m.location_id) : '',
  contact_number: m?.contact_number ?? '',
  store_contact_number: m?.store_contact_number ?? '',
  address: m?.address ?? '',
  location_link: m?.location_link ?? '',
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
    placeholder: 'https://maps.google.com/...',
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
];

export function MerchantDialog({ open, merchant, onClose }: Props) {
  return (
    <Dialog open={open} title={merchant ? 'Edit Merchant' : 'Add New Merchant'} onClose={onClose} size="md">
      {open && <MerchantForm key={merchant?.id ?? 'new'} merchant={merchant} onClose={onClose} />}
    </Dialog>
  );
}

function MerchantForm({ merchant, onClose }: { merchant: Merchant | null; onClose: () => void }) {
  const { data: types } = useSuspenseQuery(merchantTypesQuery);
  const location = useLocationField<Form>('location_id');
  const save = useSaveMerchant();
  const createLogin = useCreateMerchantLogin();
  const state = useForm(() => formFor(merchant));
  const form = state.values;
  const login = useForm(EMPTY_LOGIN);
  const { username, password } = login.values;
  /** Set once the merchant is created: if its login then fails, a retry updates it instead of creating a second one. */
  const [savedId, setSavedId] = useState<string | null>(null);
  const running = useRef(false);
  const editing = merchant !== null;
  const busy = save.isPending || createLogin.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (running.current) return; // a second submit is ignored while one runs
    const parsed = v.safeParse(MerchantInputSchema, form);
    if (!parsed.success) {
      toast.error(parsed.issues[0].message);
      return;
    }
    if (!editing) {
      if (!username.trim() || !password) {
        toast.error(MERCHANT_LOGIN_REQUIRED);
        return;
      }
      const credentials = v.safeParse(CredentialsSchema, { username, password });
      if (!credentials.success) {
        toast.error(credentials.issues[0].message);
        return;
      }
    }
    running.current = true;
    try {
      if (editing) {
        await save.mutateAsync({ ...parsed.output, id: merchant.id });
        toast.success('Merchant updated successfully');
        onClose();
        return;
      }
      let id = savedId;
      if (id) await save.mutateAsync({ ...parsed.output, id });
      else {
        id = (await save.mutateAsync(parsed.output)).id;
        setSavedId(id);
      }
      await createLogin.mutateAsync({ username: username.trim(), password, merchant_id: id });
      toast.success('Merchant created successfully!');
      onClose();
    } catch (error) {
      toast.error(errorText(error, 'Failed to save merchant'));
    } finally {
      running.current = false;
    }
  };

  return (
    <form className="form" noValidate onSubmit={(e) => void submit(e)}>
      <div className="mo-form-grid">
        <FormFields form={state} fields={merchantFields(types, location)} />
      </div>

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

      <FormActions onCancel={onClose} busy={busy} submitLabel={editing ? 'Update' : 'Create'} />
    </form>
  );
}
