/**
 * Toasts must show above modal dialogs. A modal <dialog> sits in the browser's top layer, above any z-index,
 * so the toaster lives in a manual popover (also top layer) that is re-raised whenever a dialog opens.
 */
export const TOAST_LAYER_ID = 'toast-layer';

export function raiseToastLayer(): void {
  const layer = document.getElementById(TOAST_LAYER_ID);
  if (!layer || typeof layer.showPopover !== 'function') return;
  try {
    if (layer.matches(':popover-open')) layer.hidePopover();
    layer.showPopover();
  } catch {
    // popover unsupported or element detached: toasts still show, just under the dialog
  }
}
