import { FormFields, type FieldSpec } from '../../../components/ui/FormFields';
import { useLocationField } from '../../locations';
import { FileUpload } from '../FileUpload';
import type { HotelForm, TabProps } from './form';

const WIDE = 'hotel-form-wide';

/** The fields after Location, in order. */
const CONTACT_FIELDS: FieldSpec<HotelForm>[] = [
  {
    kind: 'textarea',
    field: 'address',
    label: 'Address',
    required: true,
    rows: 2,
    placeholder: 'Enter address',
    maxLength: 500,
    wrap: WIDE,
  },
  {
    field: 'contact_number',
    label: 'Contact Number',
    required: true,
    type: 'tel',
    placeholder: 'Enter contact number',
    maxLength: 30,
  },
  {
    field: 'contact_person',
    label: 'Contact Person',
    required: true,
    placeholder: 'Enter contact person name',
    maxLength: 200,
  },
  {
    field: 'google_place_id',
    label: 'Google Place ID',
    required: true,
    placeholder: 'e.g. ChIJN1t_tDeuEmsRUsoyG83frY4',
    maxLength: 300,
  },
  {
    field: 'google_link',
    label: 'Google Link',
    type: 'url',
    placeholder: 'https://maps.google.com/...',
    maxLength: 1000,
  },
];

/** Basic Info: name, location, address, contacts, Google place and link, logo. */
export function BasicInfoTab({ form, locked, onUploading }: TabProps & { onUploading: (busy: boolean) => void }) {
  const location = useLocationField<HotelForm>('location_id');
  const fields: FieldSpec<HotelForm>[] = [
    { field: 'name', label: 'Hotel Name', required: true, placeholder: 'Enter hotel name', maxLength: 200 },
    location,
    ...CONTACT_FIELDS,
  ];
  return (
    <div className="hotel-form-grid" role="tabpanel" aria-label="Basic Info">
      <FormFields form={form} fields={fields} disabled={locked} />
      <div className={WIDE}>
        <FileUpload
          label="Hotel Logo"
          kind="logo"
          value={form.values.logo_url}
          onChange={(url) => form.set('logo_url', url)}
          onBusyChange={onUploading}
        />
      </div>
    </div>
  );
}
