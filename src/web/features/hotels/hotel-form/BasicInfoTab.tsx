import { FormFields, type FieldSpec } from '../../../components/ui/FormFields';
import { HOTEL_BILLING_FIELDS } from '../../invoices';
import { useLocationField } from '../../locations';
import { FileUpload } from '../FileUpload';
import { BASIC_INFO_FIELDS, WIDE, type HotelForm, type TabProps } from './form';

/**
 * Basic Info: name, location, address, contacts, Google place and link, logo, then the hotel's billing details for its
 * tax invoices (GSTIN, state, billing e-mail: the same fields as its Billing details dialog).
 */
export function BasicInfoTab({ form, locked, onUploading }: TabProps & { onUploading: (busy: boolean) => void }) {
  const location = useLocationField<HotelForm>('location_id');
  const fields: FieldSpec<HotelForm>[] = [
    { field: 'name', label: 'Hotel Name', required: true, placeholder: 'Enter hotel name', maxLength: 200 },
    location,
    ...BASIC_INFO_FIELDS,
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
      <h3 className={`${WIDE} hotel-form-heading`}>Billing (for tax invoices)</h3>
      <FormFields form={form} fields={HOTEL_BILLING_FIELDS} disabled={locked} />
    </div>
  );
}
