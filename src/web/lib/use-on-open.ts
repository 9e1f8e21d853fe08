import { useState } from 'react';

/**
 * Runs `reset` when a dialog opens, or is opened for another record (`subject`). It runs while rendering, the React
 * way to reset state when a prop changes: an effect would first paint the old values, then render again.
 */
export function useOnOpen(open: boolean, subject: unknown, reset: () => void): void {
  const [seen, setSeen] = useState({ open: false, subject: undefined as unknown });
  if (seen.open !== open || seen.subject !== subject) {
    setSeen({ open, subject });
    if (open) reset();
  }
}
