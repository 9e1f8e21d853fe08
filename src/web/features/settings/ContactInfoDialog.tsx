import { useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from 'sonner';
import * as v from 'valibot';
import { ContactInfoInputSchema } from '../../../shared/schemas/settings';
import type { ContactInfo } from '../../../shared/types';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { errorText } from '../../lib/api';
import { useOnOpen } from '../../lib/use-on-open';
import { useSingleSubmit } from '../../lib/use-single-submit';
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
  const singleSubmit = useSingleSubmit();
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void singleSubmit(async () => {
      const parsed = v.safeParse(ContactInfoInputSchema, form);
      if (!parsed.success) {
        toast.error(parsed.issues[0].message);
        return;
      }
      try {
        await save.mutateAsync(parsed.output);
        toast.success('Contact information saved successfully');
        onClose();
      } catch (error) {
        toast.error(errorText(error, 'Failed to save contact information'));
      }
    });
  };

  return (
    <Dialog open={open} title={editing ? 'Edit Contact Information' : 'Create Contact Information'} onClose={onClose}>
      <form onSubmit={submit} className="form" noValidate>
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
        <div className="form-actions">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Processing...' : editing ? 'Update' : 'Create'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
