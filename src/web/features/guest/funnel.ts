/**
 * The guest funnel's events (docs/PRIVACY.md "Funnel"): page opened (once per tab session), details entered, the
 * Google review button tapped, a voucher shared. Sent with sendBeacon (or fetch keepalive), never awaited and never
 * read: a lost or refused event costs the guest nothing. The tab id is random, kept in sessionStorage (gone with the
 * tab), and the server keeps only a keyed hash of it for the day.
 */

export type FunnelEventKind = 'page_open' | 'details_entered' | 'review_tap' | 'share';

const TAB_KEY = 'stayperks.tab';
const openedKey = (hotelId: string) => `stayperks.opened.${hotelId}`;

function tabId(): string | undefined {
  try {
    let tab = sessionStorage.getItem(TAB_KEY);
    if (!tab) {
      const bytes = crypto.getRandomValues(new Uint8Array(16));
      tab = btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
      sessionStorage.setItem(TAB_KEY, tab);
    }
    return tab;
  } catch {
    return undefined; // storage blocked: nothing is sent rather than an event per reload
  }
}

export function sendFunnelEvent(hotelId: string, kind: FunnelEventKind, card?: string): void {
  const tab = tabId();
  if (!tab) return;
  try {
    if (kind === 'page_open') {
      if (sessionStorage.getItem(openedKey(hotelId))) return;
      sessionStorage.setItem(openedKey(hotelId), '1');
    }
    const body = JSON.stringify({ hotel_id: hotelId, placement_token: card ?? null, kind, tab });
    const url = '/api/guest/events';
    if (navigator.sendBeacon?.(url, new Blob([body], { type: 'application/json' }))) return;
    void fetch(url, { method: 'POST', body, headers: { 'Content-Type': 'application/json' }, keepalive: true }).catch(
      () => undefined,
    );
  } catch {
    // Counting must never break the page.
  }
}
