import { useEffect, useRef } from 'react';
import type { Coupon } from '../../../shared/api-types';
import { api } from '../../lib/api';
import { useOnline } from '../../lib/use-online';
import { saveVouchers, type SavedVouchers } from './saved-vouchers';

/**
 * Saved vouchers gain what their cards show now (docs/PRODUCT.md "Offline and install": those saved before the shop's
 * place was on the card gain it): once they are shown online, the scan's cards are read again by its id (GET
 * /coupons?scan_id=), saved and shown, in the order the phone has them. An erased guest's scan answers nothing: the
 * phone keeps what it has (docs/PRIVACY.md). Once per scan while the page is open; a failure (offline again) tries
 * again when back online.
 */
export function useFreshVouchers(shown: SavedVouchers | undefined, show: (saved: SavedVouchers) => void): void {
  const online = useOnline();
  const refreshed = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!shown || !online || refreshed.current === shown.scanId) return;
    refreshed.current = shown.scanId;
    api.guest
      .get('/coupons', { query: { scan_id: shown.scanId } })
      .then(async (cards) => {
        const fresh = withCards(shown, cards);
        if (!fresh) return;
        await saveVouchers(fresh).catch(() => undefined);
        show(fresh);
      })
      .catch(() => {
        refreshed.current = undefined;
      });
  }, [shown, online, show]);
}

/** The saved vouchers with the server's cards in place of theirs (order kept); undefined when nothing changed. */
function withCards(saved: SavedVouchers, cards: Coupon[]): SavedVouchers | undefined {
  const byId = new Map(cards.map((card) => [card.id, card]));
  const coupons = saved.coupons.map((coupon) => byId.get(coupon.id) ?? coupon);
  return JSON.stringify(coupons) === JSON.stringify(saved.coupons) ? undefined : { ...saved, coupons };
}
