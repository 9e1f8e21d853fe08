import './styles.css'; // first: the feature and back-office styles that follow build on it
import { QueryClientProvider } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './lib/install-prompt'; // catches the browser's install offer before any screen is shown
import { PERSIST_MAX_AGE, persister, queryClient } from './lib/query-client';
import { loadPageStyles } from './lib/page-styles';
import { onForcedSignOut } from './lib/session';
import { routeTree } from './routeTree.gen';

void loadPageStyles(window.location.pathname); // starts with the first screen's code, not after it

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0, // React Query owns freshness
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
  interface StaticDataRouteOption {
    title?: string;
  }
}

onForcedSignOut(() => {
  queryClient.clear();
  void router.navigate({ to: '/login/superadmin' });
});
// The service worker (and its precache of every screen's files) waits until the page has loaded and gone quiet,
// so it does not compete with the first screen on a slow phone (docs/DEVELOPING.md, "Guest page first load").
window.addEventListener('load', () =>
  requestIdle(() => void import('./lib/pwa').then(({ registerServiceWorker }) => registerServiceWorker())),
);

function requestIdle(task: () => void) {
  if ('requestIdleCallback' in window) requestIdleCallback(task, { timeout: 3000 });
  else setTimeout(task, 1000);
}

// What the device kept is read back before the first render (localStorage is synchronous), so screens start with
// it and their queries fetch at once, without the second render and late requests of a provider that restores
// after mounting. Then every change is saved.
const persistOptions: Parameters<typeof persistQueryClientSubscribe>[0] & { maxAge: number } = {
  // The persist package types its own copy of query-core; at run time it is this client (as in its provider).
  queryClient: queryClient as unknown as Parameters<typeof persistQueryClientSubscribe>[0]['queryClient'],
  persister,
  maxAge: PERSIST_MAX_AGE,
  buster: __APP_VERSION__,
  dehydrateOptions: {
    shouldDehydrateQuery: (query) => query.state.status === 'success' && query.meta?.persist === true,
  },
};
// A bad saved cache is dropped, not fatal. (A promise, not top-level await, keeps the entry one file.)
void persistQueryClientRestore(persistOptions)
  .catch(() => undefined)
  .then(() => {
    persistQueryClientSubscribe(persistOptions);
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    );
  });
