import type { Coupon } from '../../../../shared/types';
import { VoucherCard } from './VoucherCard';

/** The public site the "Want More Vouchers" promotion links to. */
export const PUBLIC_SITE = 'https://stayperks.in';

interface Props {
  coupons: Coupon[];
  guestName: string;
  supportPhone: string | null;
  offline: boolean;
}

/** Step 5: Congratulations, the support line, a card per coupon, and the Want More Vouchers promotion. */
export function VouchersStep({ coupons, guestName, supportPhone, offline }: Props) {
  return (
    <section className="guest-section" aria-labelledby="vouchers-title">
      <div className="guest-card congrats">
        <p className="congrats-emoji" aria-hidden="true">
          🎉
        </p>
        <h2 id="vouchers-title" className="guest-title">
          Congratulations{guestName ? `, ${guestName.split(' ')[0]}` : ''}!
        </h2>
        <p className="muted">
          Your vouchers are saved on this phone. Show the code at the counter to redeem.
          {offline && ' You are offline: your saved vouchers are shown.'}
        </p>
        <p className="support-line">
          Need help? Call our support line{' '}
          {supportPhone ? <a href={`tel:${supportPhone.replace(/\s+/g, '')}`}>{supportPhone}</a> : 'at the front desk'}.
        </p>
      </div>
      <ul className="voucher-list">
        {coupons.map((coupon) => (
          <VoucherCard key={coupon.id} coupon={coupon} />
        ))}
      </ul>
      <aside className="guest-card promo">
        <h2 className="guest-subtitle">Want More Vouchers?</h2>
        <p className="muted">Stay at a StayPerks partner hotel and unlock local deals wherever you travel.</p>
        <a className="btn btn-secondary btn-block" href={PUBLIC_SITE} target="_blank" rel="noopener noreferrer">
          Discover StayPerks
        </a>
      </aside>
    </section>
  );
}
