import type { Location } from '../../../shared/types';
import { SelectField } from '../offers/fields';

/** The location filter of Manage Merchants and All Offers: all locations, or one. */
export function LocationFilter({ locations, value, onChange }: { locations: Location[] | undefined; value: number | undefined; onChange: (id: number | undefined) => void }) {
  return (
    <div className="mo-location-filter">
      <SelectField label="Location" value={value ?? ''} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : undefined)}>
        <option value="">All Locations</option>
        {locations?.map((location) => (
          <option key={location.id} value={location.id}>
            {location.name}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
