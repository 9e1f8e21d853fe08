import { useEffect, useState } from 'react';

/**
 * The guest page's offer rules (offer-rules-view.ts) load after the first screen, as the QR drawing does: the first
 * load stays small (docs/DEVELOPING.md "Guest page first load"), and the service worker precaches the file, so they
 * show offline too. Started once the guest is past the details, or when vouchers open.
 */
export type RulesView = typeof import('./offer-rules-view');

let loaded: RulesView | undefined;
let loading: Promise<RulesView> | undefined;

function loadRulesView(): Promise<RulesView> {
  loading ??= import('./offer-rules-view').then(
    (module) => (loaded = module),
    (error: unknown) => {
      // Offline before it was ever cached: tried again next time.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * The rules view once loaded: undefined until then, null when it could not be loaded (the page then goes on without
 * the rules; the server still refuses an offer of no use for the stay). `wanted` false does not start the load.
 */
export function useRulesView(wanted = true): RulesView | null | undefined {
  const [view, setView] = useState<RulesView | null | undefined>(loaded);
  useEffect(() => {
    if (view !== undefined || !wanted) return;
    let current = true;
    loadRulesView().then(
      (module) => {
        if (current) setView(module);
      },
      (error: unknown) => {
        console.error('Could not load the offer rules', error);
        if (current) setView(null);
      },
    );
    return () => {
      current = false;
    };
  }, [view, wanted]);
  return view;
}
