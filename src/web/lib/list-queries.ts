import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryKey,
  type QueryMeta,
} from '@tanstack/react-query';
import { api, ApiError } from './api';

/**
 * The calls every back-office list repeats (docs/DEVELOPING.md "A feature, end to end"): a mutation that reloads the
 * lists it changes, a save that is PUT for an edit and POST for a new record, a plain list with its save and delete,
 * and a list paged by keyset cursor.
 */

/** A mutation whose success reloads every query under `keys` (the lists that show what it changed). */
export function useListMutation<TVariables, TData>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  ...keys: QueryKey[]
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** PUT `<path>/<id>` for an edit, POST `<path>` for a new record; both answer the record. */
export const saveRecord = <T>(path: string, id: string | number | undefined, body: unknown) =>
  id ? api.put<T>(`${path}/${id}`, body) : api.post<T>(path, body);

/**
 * GET `<path>` (the whole list, under the query key [path]) with its save (PUT `<path>/<id>` when the variables have an
 * id, else POST `<path>`; `body` is what is sent, the variables without the id unless it says otherwise) and delete
 * (DELETE `<path>/<id>`); both reload the list.
 */
export function listResource<T, TInput, TId extends string | number>(
  path: string,
  meta: QueryMeta,
  body: (variables: TInput & { id?: TId }) => unknown = ({ id: _id, ...input }) => input,
) {
  const query = queryOptions({ queryKey: [path], queryFn: () => api.get<T[]>(path), meta });
  return {
    query,
    useSave: () =>
      useListMutation(
        (variables: TInput & { id?: TId }) => saveRecord<T>(path, variables.id, body(variables)),
        query.queryKey,
      ),
    useDelete: () => useListMutation((id: TId) => api.delete(`${path}/${id}`), query.queryKey),
  };
}

/** One page of a list; `refused` is the server's reason when it refuses the filters (422), shown in the list's place. */
export interface ListPage<T> {
  rows: T[];
  total: number;
  nextCursor?: string;
  refused?: string;
}

/**
 * GET `path` with the filters (empty ones left out), `limit` rows a page; "Load more" asks for the rows after the last
 * page's X-Next-Cursor (keyset paging: as quick deep in the list as at its top). With `refusable`, a 422 is a page
 * that says why instead of a failed load.
 */
export function pagedListQuery<T, TKey extends QueryKey>(options: {
  queryKey: TKey;
  path: string;
  filters: Record<string, string | number | undefined>;
  limit: number;
  meta: QueryMeta;
  refusable?: boolean;
}) {
  const { path, filters, limit, refusable } = options;
  return infiniteQueryOptions({
    queryKey: options.queryKey,
    queryFn: async ({ pageParam }): Promise<ListPage<T>> => {
      const searchParams: Record<string, string | number> = { limit };
      for (const [key, value] of Object.entries(filters))
        if (value !== undefined && value !== '') searchParams[key] = value;
      if (pageParam) searchParams.cursor = pageParam;
      try {
        return await api.getPage<T[]>(path, { searchParams });
      } catch (error) {
        if (refusable && error instanceof ApiError && error.status === 422)
          return { rows: [], total: 0, refused: error.detail };
        throw error;
      }
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
    meta: options.meta,
  });
}
