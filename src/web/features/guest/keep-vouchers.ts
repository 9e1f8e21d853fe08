/**
 * Vouchers that last (docs/PRODUCT.md "Offline and install"): the browser may clear a site's storage, taking the saved
 * vouchers with it. After saving, ask for persistent storage; iOS Safari outside the installed app clears it after 7
 * days without a visit whatever the answer, so the vouchers step tells those guests to add the page to the home screen.
 */
export function askToKeepStorage(): void {
  void navigator.storage?.persist?.().catch(() => false);
}

/** iPhone or iPad (iPadOS reports a Mac with touch), in the browser rather than the installed app. */
export function isIosBrowserTab(): boolean {
  const ios =
    /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  const installed =
    (navigator as Navigator & { standalone?: boolean }).standalone === true ||
    window.matchMedia('(display-mode: standalone)').matches;
  return ios && !installed;
}
