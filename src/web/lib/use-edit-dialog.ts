import { useState } from 'react';

/**
 * An add/edit dialog's state: closed, open to add (`item` null) or open to edit `item`, kept as it was when opened so
 * a background refetch never resets typing.
 */
export function useEditDialog<T>() {
  const [state, setState] = useState<{ open: boolean; item: T | null }>({ open: false, item: null });
  return {
    ...state,
    add: () => setState({ open: true, item: null }),
    edit: (item: T) => setState({ open: true, item }),
    close: () => setState({ open: false, item: null }),
  };
}
