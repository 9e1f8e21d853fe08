import { useCallback, useRef } from 'react';

/**
 * Runs one submit at a time: a second tap while the first request runs is ignored (docs/PRODUCT.md "Forms and
 * messages"). A ref, not the mutation's isPending, because both taps can arrive before React re-renders.
 */
export function useSingleSubmit() {
  const busy = useRef(false);
  return useCallback(async (task: () => Promise<unknown>) => {
    if (busy.current) return;
    busy.current = true;
    try {
      await task();
    } finally {
      busy.current = false;
    }
  }, []);
}
