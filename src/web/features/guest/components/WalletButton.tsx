import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { Coupon } from '../../../../shared/api-types';
import { api } from '../../../lib/api';
import { publicConfigQuery } from '../api';
import { useGuestI18n } from '../i18n/i18n';

/**
 * "Add to Google Wallet" (docs/PRODUCT.md "Google Wallet"): on Android, when the operator has set Wallet up, for a
 * voucher not yet used. Styled as Google's badge (black, rounded, the words), without its artwork: nothing is fetched
 * for it. The save link is asked for on the tap (the JWT is the server's), and opens in a tab opened within the tap,
 * so the browser does not block it.
 */
export function WalletButton({ coupon }: { coupon: Coupon }) {
  const { t } = useGuestI18n();
  const on = useQuery(publicConfigQuery).data?.google_wallet;
  if (!on || coupon.is_redeemed || !navigator.userAgent.includes('Android')) return null;
  const add = async () => {
    const tab = window.open('', '_blank');
    try {
      const { save_url } = await api.guest.get('/coupons/:id/wallet', { param: { id: coupon.id } });
      if (tab) {
        tab.opener = null;
        tab.location.href = save_url;
      } else window.location.href = save_url;
    } catch {
      tab?.close();
      toast.error(t.voucher.walletFailed);
    }
  };
  return (
    <button type="button" className="btn wallet-badge" onClick={() => void add()}>
      {t.voucher.wallet}
    </button>
  );
}
