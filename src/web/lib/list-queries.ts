import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryKey,
  type QueryMeta,
} from '@tanstack/react-query';
import type { ApiPath } from '../../shared/api-types';
import { api, ApiError, type ApiAnswer, type ApiInput } from './api';

/**
 * The calls every back-office list repeats (docs/DEVELOPING.md "A feature, end to end"): a mutation that reloads the
 * lists it changes, a save that is PUT for an edit and POST for a new record, a plain list with its save and delete,
 * and a list paged by keyset cursor. Paths, bodies and answers are typed from the routes (lib/api.ts).
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

/**
 * The client with plain paths, for the helpers below: their signatures take the types from the route, but inside a
 * helper a generic path's call type cannot be worked out, so each casts its answer to the type its signature names.
 */
const untyped = api as unknown as Record<
  'get' | 'post' | 'put' | 'delete' | 'getPage',
  (
    path: string,
    options: { param?: Record<string, Id>; query?: Record<string, Id>; json?: unknown },
  ) => Promise<unknown>
>;

/** A path whose records are added by POST `<path>` and saved by PUT `<path>/:id`. */
type RecordPath = {
  [P in ApiPath<'$post'>]: `${P}/:id` extends ApiPath<'$put'> ? P : never;
}[ApiPath<'$post'>];
type EditPath<P extends RecordPath> = `${P}/:id` & ApiPath<'$put'>;
/** What a save sends: the new record's body, or an edit's. */
type RecordBody<P extends RecordPath> = Json<ApiInput<'POST', P>> | Json<ApiInput<'PUT', EditPath<P>>>;
type Json<I> = I extends { json: infer J } ? J : never;
type Saved<P extends RecordPath> = ApiAnswer<'POST', P> | ApiAnswer<'PUT', EditPath<P>>;
type Id = string | number;

/** PUT `<path>/<id>` for an edit, POST `<path>` for a new record; both answer the record. */
export const saveRecord = <P extends RecordPath>(path: P, id: Id | undefined, json: RecordBody<P>): Promise<Saved<P>> =>
  (id ? untyped.put(`${path}/:id`, { param: { id }, json }) : untyped.post(path, { json })) as Promise<Saved<P>>;

/**
 * GET `<path>` (the whole list, under the query key [path without its '/']) with its save (PUT `<path>/<id>` when the
 * variables have an id, else POST `<path>`; `body` is what is sent, the variables without the id unless it says
 * otherwise) and delete (DELETE `<path>/<id>`); both reload the list.
 */
export function listResource<P extends RecordPath & ApiPath<'$get'>>(
  path: P,
  meta: QueryMeta,
  body: (variables: RecordBody<P> & { id?: Id }) => RecordBody<P> = ({ id: _id, ...input }) => input as RecordBody<P>,
) {
  const query = queryOptions({
    queryKey: [path.slice(1)],
    queryFn: () => untyped.get(path, {}) as Promise<ApiAnswer<'GET', P>>,
    meta,
  });
  return {
    query,
    useSave: () =>
      useListMutation(
        (variables: RecordBody<P> & { id?: Id }) => saveRecord(path, variables.id, body(variables)),
        query.queryKey,
      ),
    useDelete: () => useListMutation((id: Id) => untyped.delete(`${path}/:id`, { param: { id } }), query.queryKey),
  };
}

/** One page of a list; `refused` is the server's reason when it refuses the filters (422), shown in the list's place. */
export interface ListPage<T> {
  rows: T[];
  total: number;
  nextCursor?: string;
  refused?: string;
}

/** A list paged by cursor: its rows, and its query (the filters, `limit` and `cursor`). */
type PagedPath = { [P in ApiPath<'$get'>]: ApiAnswer<'GET', P> extends unknown[] ? P : never }[ApiPath<'$get'>];
type Row<P extends PagedPath> = ApiAnswer<'GET', P> extends (infer R)[] ? R : never;
type Filters<P extends PagedPath> =
  ApiInput<'GET', P> extends { query?: infer Q } ? Omit<NonNullable<Q>, 'limit' | 'cursor'> : never;

/**
 * GET `path` with the filters (empty ones left out), `limit` rows a page; "Load more" asks for the rows after the last
 * page's X-Next-Cursor (keyset paging: as quick deep in the list as at its top). With `refusable`, a 422 is a page
 * that says why instead of a failed load.
 */
export function pagedListQuery<P extends PagedPath, TKey extends QueryKey>(options: {
  queryKey: TKey;
  path: P;
  filters: Filters<P>;
  limit: number;
  meta: QueryMeta;
  refusable?: boolean;
}) {
  const { path, filters, limit, refusable } = options;
  return infiniteQueryOptions({
    queryKey: options.queryKey,
    queryFn: async ({ pageParam }): Promise<ListPage<Row<P>>> => {
      const query: Record<string, string | number> = { limit };
      for (const [key, value] of Object.entries<string | number | undefined>(filters))
        if (value !== undefined && value !== '') query[key] = value;
      if (pageParam) query.cursor = pageParam;
      try {
        return (await untyped.getPage(path, { query })) as ListPage<Row<P>>;
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
