import { QueryClient } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { ApiError } from './api';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      gcTime: 24 * 60 * 60_000, // long enough for the persisted cache to be useful on the next launch
      retry: (failures, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
      refetchOnWindowFocus: false,
    },
  },
});

/** Persists queries marked `meta: { persist: true }` (merchant screens) so they show at once and offline. */
export const persister = createSyncStoragePersister({ storage: window.localStorage, key: 'stayperks-query-cache' });

export const PERSIST_MAX_AGE = 7 * 24 * 60 * 60_000;
