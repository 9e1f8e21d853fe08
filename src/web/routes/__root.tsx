import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { loadPageStyles } from '../lib/page-styles';
import { raiseToastLayer, TOAST_LAYER_ID } from '../lib/toast-layer';
import { useToastPlacement } from '../lib/toast-position';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  beforeLoad: ({ location }) => loadPageStyles(location.pathname),
  component: Root,
  notFoundComponent: () => (
    <div className="login-page">
      <div className="card login-card">
        <h1>Page not found</h1>
        <p className="muted">This page does not exist.</p>
        <a href="/">Go to the start page</a>
      </div>
    </div>
  ),
});

function Root() {
  useEffect(raiseToastLayer, []);
  const toastPlacement = useToastPlacement();
  return (
    <>
      <Outlet />
      <div id={TOAST_LAYER_ID} popover="manual" className="toast-layer">
        {/* docs/PRODUCT.md "Constants": bottom-right (guest pages on a phone: top), 4000 ms, 3 visible, 356 px wide (sonner's default), Alt+T */}
        <Toaster
          {...toastPlacement}
          duration={4000}
          visibleToasts={3}
          hotkey={['altKey', 'KeyT']}
          richColors
          closeButton
        />
      </div>
    </>
  );
}
