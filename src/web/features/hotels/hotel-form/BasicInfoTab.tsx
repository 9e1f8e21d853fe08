import { useSuspenseQuery } from '@tanstack/react-query';
import { Field } from '../../../components/ui/Field';
import { SelectField, TextAreaField } from '../../../components/ui/SelectField';
import { locationsQuery } from '../../locations';
import { FileUpload } from '../FileUpload';
import type { TabProps } from './form';

/** Basic Info: name, location, address, contacts, Google place and link, logo. */
export function BasicInfoTab({ form, set, locked, onUploading }: TabProps & { onUploading: (busy: boolean) => void }) {
  const { data: locations } = useSuspenseQuery(locationsQuery);
  return (
    <div className="hotel-form-grid" role="tabpanel" aria-label="Basic Info">
      <Field
        label="Hotel Name"
        required
        placeholder="Enter hotel name"
        value={form.name}
        onChange={(e) => set('name', e.target.value)}
        maxLength={200}
        disabled={locked}
      />
      <SelectField
        label="Location"
        required
        value={form.location_id}
        onChange={(e) => set('location_id', e.target.value)}
        disabled={locked}
      >
        <option value="">Select location</option>
        {locations.map((l) => (
          <option key={l.id} value={l.id}>
            {l.name}
          </option>
        ))}
      </SelectField>
      <div className="hotel-form-wide">
        <TextAreaField
          label="Address"
          required
          rows={2}
          placeholder="Enter address"
          value={form.address}
          onChange={(e) => set('address', e.target.value)}
          maxLength={500}
          disabled={locked}
        />
      </div>
      <Field
        label="Contact Number"
        required
        type="tel"
        placeholder="Enter contact number"
        value={form.contact_number}
        onChange={(e) => set('contact_number', e.target.value)}
        maxLength={30}
        disabled={locked}
      />
      <Field
        label="Contact Person"
        required
        placeholder="Enter contact person name"
        value={form.contact_person}
        onChange={(e) => set('contact_person', e.target.value)}
        maxLength={200}
        disabled={locked}
      />
      <Field
        label="Google Place ID"
        required
        placeholder="e.g. ChIJN1t_tDeuEmsRUsoyG83frY4"
        value={form.google_place_id ?? ''}
        onChange={(e) => set('google_place_id', e.target.value)}
        maxLength={300}
        disabled={locked}
      />
      <Field
        label="Google Link"
        type="url"
        placeholder="https://maps.google.com/..."
        value={form.google_link ?? ''}
        onChange={(e) => set('google_link', e.target.value)}
        maxLength={1000}
        disabled={locked}
      />
      <div className="hotel-form-wide">
        <FileUpload
          label="Hotel Logo"
          kind="logo"
          value={form.logo_url}
          onChange={(url) => set('logo_url', url)}
          onBusyChange={onUploading}
        />
      </div>
    </div>
  );
}
