import { useSuspenseQuery } from '@tanstack/react-query';
import { FilterSelect } from '../../components/filters/FilterFields';
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
export function LocationSelect({ value, onChange, label = 'Location', hiddenLabel, className }: Props) {
  const { data: locations } = useSuspenseQuery(locationsQuery);
  return (
    <div className={className}>
      <FilterSelect
        label={label}
        hiddenLabel={hiddenLabel}
        all="All Locations"
        value={value?.toString()}
        options={locations}
        onChange={(id) => onChange(id ? Number(id) : undefined)}
      />
    </div>
  );
}
