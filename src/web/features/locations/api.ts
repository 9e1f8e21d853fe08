import { queryOptions } from '@tanstack/react-query';
import type { LocationInput } from '../../../shared/schemas/locations';
import type { Location } from '../../../shared/types';
import { api } from '../../lib/api';
import { saveRecord, useListMutation } from '../../lib/list-queries';

export const locationsQuery = queryOptions({
  queryKey: ['locations'],
  queryFn: () => api.get<Location[]>('locations'),
  meta: { errorMessage: 'Failed to load locations' },
});

/** PUT /locations/{id} sends the id in the body too. */
export const useSaveLocation = () =>
  useListMutation(
    ({ id, ...input }: LocationInput & { id?: number }) =>
      saveRecord<Location>('locations', id, id ? { id, ...input } : input),
    locationsQuery.queryKey,
  );

export const useDeleteLocation = () =>
  useListMutation((id: number) => api.delete(`locations/${id}`), locationsQuery.queryKey);
