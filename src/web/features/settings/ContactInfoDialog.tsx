import { ContactInfoInputSchema } from '../../../shared/schemas/settings';
import type { ContactInfo } from '../../../shared/types';
import { SaveFormDialog, type SaveTexts } from '../../components/ui/FormDialog';
import { FormFields, type FieldSpec } from '../../components/ui/FormFields';
import { useDialogForm } from '../../components/ui/use-form';
import { useSaveContactInfo } from '../contact';

interface Props {
  open: boolean;
  contact: ContactInfo | null;
  onClose: () => void;
}

const EMPTY = { name: '', mobile_number: '', service_helpline: '', mail_support: '', technical_support: '' };
type Form = typeof EMPTY;

const FIELDS: FieldSpec<Form>[] = [
  {
    field: 'name',
    label: 'Market Manager Name',
    required: true,
    placeholder: 'Enter name',
    maxLength: 100,
    autoFocus: true,
    autoComplete: 'off',
  },
  {
    field: 'mobile_number',
    label: 'Mobile Number',
    required: true,
    type: 'tel',
    inputMode: 'tel',
    placeholder: 'Enter mobile number',
    maxLength: 30,
    autoComplete: 'off',
  },
  {
    field: 'service_helpline',
    label: 'Service Helpline',
    type: 'tel',
    inputMode: 'tel',
    placeholder: 'e.g. 1800 123 4567',
    maxLength: 50,
    autoComplete: 'off',
  },
  {
    field: 'mail_support',
    label: 'Mail Support',
    type: 'email',
    placeholder: 'support@example.com',
    maxLength: 200,
    autoComplete: 'off',
  },
  {
    field: 'technical_support',
    label: 'Technical Support',
    placeholder: 'Phone number or email',
    maxLength: 200,
    autoComplete: 'off',
  },
];

function toForm(contact: ContactInfo | null): Form {
  if (!contact) return EMPTY;
  return {
    name: contact.name,
    mobile_number: contact.mobile_number,
    service_helpline: contact.service_helpline ?? '',
    mail_support: contact.mail_support ?? '',
    technical_support: contact.technical_support ?? '',
  };
}

const SAVED = 'Contact information saved successfully';
const TEXTS: SaveTexts = {
  add: 'Create Contact Information',
  edit: 'Edit Contact Information',
  created: SAVED,
  updated: SAVED,
  failure: 'Failed to save contact information',
};

export function ContactInfoDialog({ open, contact, onClose }: Props) {
  const form = useDialogForm(open, contact, () => toForm(contact));
  const save = useSaveContactInfo();

  return (
    <SaveFormDialog
      open={open}
      record={contact}
      onClose={onClose}
      schema={ContactInfoInputSchema}
      values={form.values}
      save={(input) => save.mutateAsync(input)}
      texts={TEXTS}
      busy={save.isPending}
    >
      <FormFields form={form} fields={FIELDS} />
    </SaveFormDialog>
  );
}
