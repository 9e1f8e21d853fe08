import { useState, type ChangeEvent } from 'react';
import { ContactInfoInputSchema } from '../../../shared/schemas/settings';
import type { ContactInfo } from '../../../shared/types';
import { Field } from '../../components/ui/Field';
import { FormDialog } from '../../components/ui/FormDialog';
import { saveChecked } from '../../lib/save-form';
import { useOnOpen } from '../../lib/use-on-open';
import { useSaveContactInfo } from '../contact';

interface Props {
  open: boolean;
  contact: ContactInfo | null;
  onClose: () => void;
}

const EMPTY = { name: '', mobile_number: '', service_helpline: '', mail_support: '', technical_support: '' };
type Form = typeof EMPTY;

export function ContactInfoDialog({ open, contact, onClose }: Props) {
  const [form, setForm] = useState<Form>(EMPTY);
  const save = useSaveContactInfo();
  const editing = contact !== null;

  useOnOpen(open, contact, () =>
    setForm(
      contact
        ? {
            name: contact.name,
            mobile_number: contact.mobile_number,
            service_helpline: contact.service_helpline ?? '',
            mail_support: contact.mail_support ?? '',
            technical_support: contact.technical_support ?? '',
          }
        : EMPTY,
    ),
  );

  const set = (key: keyof Form) => (event: ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [key]: event.target.value }));

  const submit = async () => {
    const saved = await saveChecked(ContactInfoInputSchema, form, (input) => save.mutateAsync(input), {
      success: 'Contact information saved successfully',
      failure: 'Failed to save contact information',
    });
    if (saved) onClose();
  };

  return (
    <FormDialog
      open={open}
      title={editing ? 'Edit Contact Information' : 'Create Contact Information'}
      onClose={onClose}
      onSubmit={submit}
      busy={save.isPending}
      submitLabel={editing ? 'Update' : 'Create'}
    >
      <Field
        label="Market Manager Name"
        required
        placeholder="Enter name"
        value={form.name}
        onChange={set('name')}
        maxLength={100}
        autoFocus
        autoComplete="off"
      />
      <Field
        label="Mobile Number"
        required
        type="tel"
        inputMode="tel"
        placeholder="Enter mobile number"
        value={form.mobile_number}
        onChange={set('mobile_number')}
        maxLength={30}
        autoComplete="off"
      />
      <Field
        label="Service Helpline"
        type="tel"
        inputMode="tel"
        placeholder="e.g. 1800 123 4567"
        value={form.service_helpline}
        onChange={set('service_helpline')}
        maxLength={50}
        autoComplete="off"
      />
      <Field
        label="Mail Support"
        type="email"
        placeholder="support@example.com"
        value={form.mail_support}
        onChange={set('mail_support')}
        maxLength={200}
        autoComplete="off"
      />
      <Field
        label="Technical Support"
        placeholder="Phone number or email"
        value={form.technical_support}
        onChange={set('technical_support')}
        maxLength={200}
        autoComplete="off"
      />
    </FormDialog>
  );
}
