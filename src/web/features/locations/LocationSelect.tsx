import { useSuspenseQuery } from '@tanstack/react-query';
import { SelectField } from '../../components/ui/SelectField';
import { locationsQuery } from './api';

interface Props {
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  /** The visible label ("Location"); with hiddenLabel it is read by screen readers only. */
  label?: string;
  hiddenLabel?: boolean;
  className?: string;
}

/** The "All Locations" or one-location filter shared by the back-office lists. */
export function LocationSelect({ value, onChange, label = 'Location', hiddenLabel = false, className }: Props) {
  const locations = useSuspenseQuery(locationsQuery);
  return (
    <div className={`${className ?? ''} ${hiddenLabel ? 'label-hidden' : ''}`}>
      <SelectField
        label={label}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : undefined)}
      >
        <option value="">All Locations</option>
        {locations.data.map((location) => (
          <option key={location.id} value={location.id}>
            {location.name}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
