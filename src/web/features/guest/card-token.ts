/**
 * The card a guest scanned (docs/PRODUCT.md "Guest trust"): its QR code opens `/scan/<hotelId>?p=<token>`. The token
 * is kept for this visit only (sessionStorage, per hotel) and taken off the address bar, so a link the guest copies
 * or a screenshot of the page never carries it; Share and the vouchers' links are built without it. The scan check
 * and the submission send it.
 */

const key = (hotelId: string) => `stayperks.card.${hotelId}`;
/** PlacementToken's shape (src/shared/schemas/placements.ts), without valibot on the guest page's first load. */
const TOKEN = /^[A-Za-z0-9_-]{22,64}$/;

export function takeCardToken(hotelId: string): string | undefined {
  try {
    const url = new URL(window.location.href);
    const fromLink = url.searchParams.get('p');
    if (fromLink !== null) {
      if (TOKEN.test(fromLink)) sessionStorage.setItem(key(hotelId), fromLink);
      url.searchParams.delete('p');
      window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    }
    return sessionStorage.getItem(key(hotelId)) ?? undefined;
  } catch {
    return undefined; // storage blocked: the old link's rules apply
  }
}
