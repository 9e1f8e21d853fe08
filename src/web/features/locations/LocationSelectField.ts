import { useSuspenseQuery } from '@tanstack/react-query';
import type { FieldSpec } from '../../components/ui/FormFields';
import type { ChoiceKeys } from '../../components/ui/use-form';
import { locationsQuery } from './api';

/** The required Location of a record's form (hotels, merchants): "Select location", then every location. */
export function useLocationField<T>(field: ChoiceKeys<T>): FieldSpec<T> {
  const { data: locations } = useSuspenseQuery(locationsQuery);
  return {
    kind: 'select',
    field,
    label: 'Location',
    required: true,
    placeholder: 'Select location',
    options: locations,
  };
}
