import { useSuspenseQuery, type QueryKey, type UseSuspenseQueryOptions } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';

/**
 * A list filtered by a LocationSelect (Hotels, Merchants, All Offers): the location picked, the one listed and its
 * rows. The list follows the filter once the new rows are loaded; until then the old ones stay on screen.
 */
export function useLocationList<TRow, TKey extends QueryKey>(
  query: (locationId: number | undefined) => UseSuspenseQueryOptions<TRow[], Error, TRow[], TKey>,
) {
  const [locationId, setLocationId] = useState<number | undefined>();
  const listed = useDeferredValue(locationId);
  const { data: rows } = useSuspenseQuery(query(listed));
  return { rows, locationId, setLocationId, listed };
}
