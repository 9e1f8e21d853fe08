import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatIndianNumber } from '../../../shared/format';
import { merchantDashboardQuery } from './api';
import { CheckCircleIcon, ClockIcon, TicketIcon } from './icons';
import { InstallButton } from './InstallButton';
import { OfflineNotice, useLogLoadFailure } from './OfflineNotice';
import { RedeemVoucher } from './RedeemVoucher';

function StatCard({
  icon,
  label,
  value,
  tone,
}: {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  tone: 'brand' | 'green' | 'orange';
}) {
  return (
    <div className={`ma-stat ma-stat-${tone}`}>
      <span className="ma-stat-icon">{icon}</span>
      <span className="ma-stat-label">{label}</span>
      <span className="ma-stat-value">{value}</span>
    </div>
  );
}

/**
 * Merchant dashboard (SPEC §2). Phone first: the Redeem Voucher box comes first, then the welcome and the three
 * counts. The counts come from the persisted cache at once and refresh after each successful redemption.
 */
export function MerchantDashboard() {
  const stats = useQuery(merchantDashboardQuery);
  useLogLoadFailure(stats.isError, stats.error, 'merchant dashboard');
  const data = stats.data;
  const count = (n: number | undefined) => (data ? formatIndianNumber(n ?? 0) : '…');

  return (
    <section className="ma-dashboard">
      <OfflineNotice hasData={data !== undefined} />
      <RedeemVoucher />
      <section className="ma-summary" aria-label="Voucher statistics">
        <div className="ma-welcome">
          <h2>{data ? `Welcome, ${data.merchant_name}` : 'Welcome'}</h2>
          <InstallButton />
        </div>
        <div className="ma-stats">
          <StatCard icon={<TicketIcon />} label="Total Vouchers" value={count(data?.total_vouchers)} tone="brand" />
          <StatCard icon={<CheckCircleIcon />} label="Redeemed" value={count(data?.redeemed_vouchers)} tone="green" />
          <StatCard
            icon={<ClockIcon />}
            label="Not Redeemed"
            value={count(data?.not_redeemed_vouchers)}
            tone="orange"
          />
        </div>
      </section>
    </section>
  );
}
