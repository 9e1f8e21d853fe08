import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { LocationInput } from '../../../shared/schemas/locations';
import type { Location } from '../../../shared/types';
import { api } from '../../lib/api';

export const locationsQuery = queryOptions({
  queryKey: ['locations'],
  queryFn: () => api.get<Location[]>('locations'),
  meta: { errorMessage: 'Failed to load locations' },
});

export function useSaveLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: LocationInput & { id?: number }) =>
      id ? api.put<Location>(`locations/${id}`, { id, ...input }) : api.post<Location>('locations', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationsQuery.queryKey }),
  });
}

export function useDeleteLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`locations/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationsQuery.queryKey }),
  });
}
