import { QueryClient } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { ApiError } from './api';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      gcTime: 24 * 60 * 60_000, // long enough for the persisted cache to be useful on the next launch
      retry: (failures, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
      refetchOnWindowFocus: false,
    },
  },
});

/**
 * localStorage that never keeps an empty cache: after logout (or before any persisted query) the key is removed
 * rather than written back, so "nothing is stored" stays true.
 */
const persistStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
  getItem: (key) => localStorage.getItem(key),
  setItem: (key, value) =>
    value.includes('"queries":[]') ? localStorage.removeItem(key) : localStorage.setItem(key, value),
  removeItem: (key) => localStorage.removeItem(key),
};

/** Persists queries marked `meta: { persist: true }` (merchant and guest screens) so they show at once and offline. */
export const persister = createSyncStoragePersister({ storage: persistStorage, key: 'stayperks-query-cache' });

export const PERSIST_MAX_AGE = 7 * 24 * 60 * 60_000;
