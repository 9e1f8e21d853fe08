import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import type { Coupon } from '../../../../shared/api-types';
import { PartyIcon } from '../../../components/ui/icons';
import { useGuestI18n } from '../i18n/i18n';
import { isIosBrowserTab } from '../keep-vouchers';
import { VoucherCard } from './VoucherCard';

// Web Push (docs/PRODUCT.md "Reminders"): loaded only where it can show (docs/DEVELOPING.md "Guest page first load").
const RemindOnPhone = lazy(() => import('../push/RemindOnPhone'));

/** Whether this browser can take pushes and has not blocked them for the page (iOS: only once installed). */
const canPush = () =>
  'PushManager' in window &&
  'serviceWorker' in navigator &&
  typeof Notification !== 'undefined' &&
  Notification.permission !== 'denied';

/** The public site the "Want More Vouchers" promotion links to. */
export const PUBLIC_SITE = 'https://stayperks.in';

interface Props {
  coupons: Coupon[];
  guestName: string;
  supportPhone: string | null;
  offline: boolean;
  /** The guest's own page (/scan/<hotelId>), where these vouchers open again on this phone. */
  pageUrl: string;
  /** The stay, when the guest asked for reminders: "Remind me on this phone" subscribes it to Web Push. */
  reminders?: { scanId: string; token: string };
  /** A voucher shared (the funnel's share event, docs/PRIVACY.md "Funnel"). */
  onShare?: () => void;
}

/** Step 5: Congratulations, the support line, a card per coupon, and the Want More Vouchers promotion. */
export function VouchersStep({ coupons, guestName, supportPhone, offline, pageUrl, reminders, onShare }: Props) {
  const { t } = useGuestI18n();
  return (
    <section className="guest-section" aria-labelledby="vouchers-title">
      <div className="guest-card congrats">
        <PartyIcon className="congrats-picture" width={48} height={48} strokeWidth={1.75} />
        <h2 id="vouchers-title" className="guest-title">
          {t.vouchers.congratulations(guestName.split(' ')[0] ?? '')}
        </h2>
        <p className="muted">
          {t.vouchers.saved}
          {offline && t.vouchers.offline}
        </p>
        <p className="support-line">
          {t.vouchers.supportBefore}
          {supportPhone ? (
            <a href={`tel:${supportPhone.replace(/\s+/g, '')}`}>{supportPhone}</a>
          ) : (
            t.vouchers.supportFrontDesk
          )}
          {t.vouchers.supportAfter}
        </p>
      </div>
      {reminders && !offline && canPush() && (
        <Suspense fallback={null}>
          <RemindOnPhone scanId={reminders.scanId} token={reminders.token} />
        </Suspense>
      )}
      {isIosBrowserTab() && (
        <p className="guest-card guest-note" role="note">
          {t.vouchers.iosNote}
        </p>
      )}
      <ul className="voucher-list">
        {coupons.map((coupon) => (
          <VoucherCard key={coupon.id} coupon={coupon} pageUrl={pageUrl} onShare={onShare} />
        ))}
      </ul>
      <aside className="guest-card promo">
        <h2 className="guest-subtitle">{t.vouchers.moreTitle}</h2>
        <p className="muted">{t.vouchers.moreText}</p>
        <a className="btn btn-secondary btn-block" href={PUBLIC_SITE} target="_blank" rel="noopener noreferrer">
          {t.vouchers.discover}
        </a>
      </aside>
      <p className="guest-my-data">
        <Link to="/my-data">{t.vouchers.myData}</Link>
      </p>
    </section>
  );
}
