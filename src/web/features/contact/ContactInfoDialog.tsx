import { ContactInfoInputSchema, type ContactInfoInput } from '../../../shared/schemas/settings';
import type { ContactInfo } from '../../../shared/api-types';
import { SaveFormDialog, type EditDialogProps, type SaveForm } from '../../components/ui/FormDialog';
import type { FieldSpec } from '../../components/ui/FormFields';
import { useSaveContactInfo } from './api';

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

/** Create / Edit Contact Information: one record, saved whole (POST /contact-us). */
const FORM: SaveForm<ContactInfo, Form, typeof ContactInfoInputSchema, ContactInfoInput> = {
  schema: ContactInfoInputSchema,
  toForm,
  toInput: (input) => input,
  fields: FIELDS,
  texts: {
    add: 'Create Contact Information',
    edit: 'Edit Contact Information',
    created: SAVED,
    updated: SAVED,
    failure: 'Failed to save contact information',
  },
};

export function ContactInfoDialog(props: EditDialogProps<ContactInfo>) {
  const save = useSaveContactInfo();
  return <SaveFormDialog {...props} form={FORM} save={save} />;
}
