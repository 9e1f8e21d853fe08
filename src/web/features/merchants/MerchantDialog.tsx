import { useSuspenseQuery } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import * as v from 'valibot';
import { MERCHANT_LOGIN_REQUIRED, MerchantInputSchema, MerchantLoginQuery } from '../../../shared/schemas/merchants';
import type { Merchant } from '../../../shared/types';
import { FormActions } from '../../components/ui/FormDialog';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { errorText } from '../../lib/api';
import { locationsQuery } from '../locations';
import { merchantTypesQuery } from '../merchant-types';
import { SelectField, TextAreaField } from '../../components/ui/SelectField';
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

export function MerchantDialog({ open, merchant, onClose }: Props) {
  return (
    <Dialog open={open} title={merchant ? 'Edit Merchant' : 'Add New Merchant'} onClose={onClose} size="md">
      {open && <MerchantForm key={merchant?.id ?? 'new'} merchant={merchant} onClose={onClose} />}
    </Dialog>
  );
}

function MerchantForm({ merchant, onClose }: { merchant: Merchant | null; onClose: () => void }) {
  const { data: types } = useSuspenseQuery(merchantTypesQuery);
  const { data: locations } = useSuspenseQuery(locationsQuery);
  const save = useSaveMerchant();
  const createLogin = useCreateMerchantLogin();
  const [form, setForm] = useState(() => formFor(merchant));
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  /** Set once the merchant is created: if its login then fails, a retry updates it instead of creating a second one. */
  const [savedId, setSavedId] = useState<string | null>(null);
  const running = useRef(false);
  const editing = merchant !== null;
  const busy = save.isPending || createLogin.isPending;
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

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
        <Field
          label="Merchant Name"
          required
          value={form.name}
          onChange={set('name')}
          placeholder="Enter merchant name"
          maxLength={200}
          autoFocus
        />
        <SelectField label="Merchant Type" required value={form.merchant_type_id} onChange={set('merchant_type_id')}>
          <option value="">Select merchant type</option>
          {types.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Location" required value={form.location_id} onChange={set('location_id')}>
          <option value="">Select location</option>
          {locations.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </SelectField>
        <Field
          label="Contact Number"
          required
          type="tel"
          inputMode="tel"
          autoComplete="off"
          value={form.contact_number}
          onChange={set('contact_number')}
          placeholder="Enter contact number"
          maxLength={20}
        />
        <Field
          label="Store Contact Number"
          required
          type="tel"
          inputMode="tel"
          autoComplete="off"
          value={form.store_contact_number}
          onChange={set('store_contact_number')}
          placeholder="Enter store contact number"
          maxLength={20}
        />
        <Field
          label="Location Link"
          type="url"
          inputMode="url"
          value={form.location_link}
          onChange={set('location_link')}
          placeholder="https://maps.google.com/..."
          maxLength={2000}
        />
        <div className="mo-wide">
          <TextAreaField
            label="Address"
            required
            value={form.address}
            onChange={set('address')}
            placeholder="Enter address"
            maxLength={500}
            rows={2}
          />
        </div>
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
            <Field
              label="Username"
              required
              autoComplete="off"
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              placeholder="Enter username"
              maxLength={100}
            />
            <Field
              label="Password"
              required
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              placeholder="Enter password"
              maxLength={128}
              hint="8 to 128 characters, not a common password."
            />
          </div>
        </fieldset>
      )}

      <FormActions onCancel={onClose} busy={busy} submitLabel={editing ? 'Update' : 'Create'} />
    </form>
  );
}
