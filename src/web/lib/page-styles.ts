/**
 * The guest page needs only styles.css and its own guest.css (in the entry, render-blocking, small); every other
 * page also loads back-office.css, fetched here so phones opening a hotel's QR code never download or match it
 * (docs/DEVELOPING.md, "Guest page first load"). The root route waits for it before showing any other page.
 */
let backOffice: Promise<void> | undefined;

/** The guest's pages: the flow, the privacy notice it links to, and My data (docs/PRIVACY.md "My data"). */
export const isGuestPath = (pathname: string) =>
  pathname.startsWith('/scan/') || pathname === '/privacy' || pathname === '/my-data';

export function loadPageStyles(pathname: string): Promise<void> | undefined {
  if (isGuestPath(pathname)) return undefined;
  // A failed load (offline before the service worker has it) shows the page unstyled and tries again next time.
  return (backOffice ??= import('../back-office.css').then(
    () => undefined,
    () => {
      backOffice = undefined;
    },
  ));
}
