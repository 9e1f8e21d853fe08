import type { EnsureQueryDataOptions, QueryClient } from '@tanstack/react-query';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each query has its own data and key types, and queryFn's key parameter makes them invariant: no one type but any takes them all
type AnyQuery = EnsureQueryDataOptions<any, Error, any, any>;

/**
 * A route loader that ensures every query the page and its dialogs read (docs/DEVELOPING.md "A feature, end to
 * end"): `loader: ensureAll(hotelsQuery(), locationsQuery)`.
 */
export const ensureAll =
  (...queries: AnyQuery[]) =>
  async ({ context: { queryClient } }: { context: { queryClient: QueryClient } }): Promise<void> => {
    await Promise.all(queries.map((query) => queryClient.ensureQueryData(query)));
  };
