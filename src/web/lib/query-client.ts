import { QueryCache, QueryClient, type Query } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { toast } from 'sonner';
import { ApiError, errorText } from './api';

/** What a query says about itself (`meta`): read by the one load-failure handler below and by the persister. */
export interface LoadMeta extends Record<string, unknown> {
  /** Kept on the device (merchant and guest screens), so it shows at once and offline. */
  persist?: boolean;
  /** The load-failure toast (the spec's exact text); also what the area's error view says. */
  errorMessage?: string;
  /** Replaces errorMessage when the server refuses with 403. */
  forbiddenMessage?: string;
  /** A failure only logged with this text, nothing shown as a toast (merchant and contact loads). */
  logMessage?: string;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: LoadMeta;
  }
}

const forbidden = (error: unknown) => error instanceof ApiError && error.status === 403;

/** The text a failed load shows (toast and error view), from the failed query's meta; undefined: only logged. */
function failureText(error: unknown, meta: LoadMeta | undefined): string | undefined {
  return (forbidden(error) && meta?.forbiddenMessage) || meta?.errorMessage;
}

/** Every failed load, in one place: the toast its query names, or a log line. */
function reportLoadFailure(error: unknown, query: Query<unknown, unknown, unknown>) {
  // A 401 signs the user out (lib/session.ts): no toast on top of the login screen.
  if (error instanceof ApiError && error.status === 401) return;
  const text = failureText(error, query.meta);
  if (text) toast.error(text);
  else if (query.meta?.logMessage) console.error(query.meta.logMessage, error);
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: reportLoadFailure }),
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

/** What the error view says about a failed load: its query's text, else the server's detail. */
export function loadFailureText(error: unknown): string {
  const query = queryClient
    .getQueryCache()
    .getAll()
    .find((q) => q.state.error === error);
  return failureText(error, query?.meta) ?? errorText(error, 'Failed to load data');
}

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
