import { useRouterState } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import type { ToasterProps } from 'sonner';
import { isGuestPath } from './page-styles';

/** sonner's own phone breakpoint: below it, toasts span the screen's width. */
const PHONE = '(max-width: 600px)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * Where toasts go (docs/PRODUCT.md "Constants": bottom-right). On a phone the guest pages keep their bottom for the
 * sticky "Confirm N Voucher(s)" bar and the main buttons, so their toasts come from the top, below the notch
 * (docs/PRODUCT.md "Constants"); on a wider screen they stay bottom-right, above the selection bar.
 */
export function useToastPlacement(): Pick<ToasterProps, 'position' | 'mobileOffset' | 'offset'> {
  const guest = useRouterState({ select: (state) => isGuestPath(state.location.pathname) });
  const phone = useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE).matches,
    () => false,
  );
  if (!guest) return { position: 'bottom-right' };
  return phone
    ? { position: 'top-center', mobileOffset: { top: 'calc(env(safe-area-inset-top, 0px) + 8px)', left: 8, right: 8 } }
    : // Above the selection bar while it shows (its height and an open keyboard's: guest SelectionBar.tsx).
      {
        position: 'bottom-right',
        offset: { bottom: 'calc(var(--selection-bar-height, 0px) + var(--keyboard-inset, 0px) + 24px)' },
      };
}
