import { useSuspenseQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { formatIndianNumber } from '../../../shared/format';
import type { MerchantDashboardStats } from '../../../shared/api-types';
import { OfflineNotice } from '../../components/layout/OfflineNotice';
import { PageBoundary } from '../../components/layout/PageStatus';
import { CheckCircleIcon, ClockIcon, TicketIcon } from '../../components/ui/icons';
import type { Stat } from '../../components/ui/StatCard';
import { merchantDashboardQuery } from './api';
import { InstallButton } from './InstallButton';
import { warmQrDetector } from './qr-detector';
import { RedeemVoucher } from './RedeemVoucher';

const STAT_ICON = { width: 22, height: 22 };

/** The merchant's own figure card (phone first: label over value), with the back office's StatCard's props. */
function StatCard({ icon, label, value, tone }: Stat) {
  return (
    <div className={`ma-stat ma-stat-${tone}`}>
      <span className="ma-stat-icon">{icon}</span>
      <span className="ma-stat-label">{label}</span>
      <span className="ma-stat-value">{value}</span>
    </div>
  );
}

/**
 * Merchant dashboard (docs/PRODUCT.md "Screens"). Phone first: the Redeem Voucher box comes first, then the welcome and
 * the three counts. The counts come from the persisted cache at once and refresh after each successful redemption;
 * until they are known (first launch offline, or a failed load, which is only logged) they show as "…" and redeeming
 * still works.
 */
export function MerchantDashboard() {
  useEffect(warmQrDetector, []);
  return (
    <section className="ma-dashboard">
      <PageBoundary pending={<OfflineNotice hasData={false} />} failed={NoSavedData}>
        <SavedDataNotice />
      </PageBoundary>
      <RedeemVoucher />
      <PageBoundary pending={<Summary />} failed={NoSummary}>
        <LoadedSummary />
      </PageBoundary>
    </section>
  );
}

function SavedDataNotice() {
  useSuspenseQuery(merchantDashboardQuery);
  return <OfflineNotice hasData />;
}

const NoSavedData = () => <OfflineNotice hasData={false} />;

function LoadedSummary() {
  return <Summary data={useSuspenseQuery(merchantDashboardQuery).data} />;
}

const NoSummary = () => <Summary />;

function Summary({ data }: { data?: MerchantDashboardStats }) {
  const count = (n: number | undefined) => (data ? formatIndianNumber(n ?? 0) : '…');
  return (
    <section className="ma-summary" aria-label="Voucher statistics">
      <div className="ma-welcome">
        <h2>{data ? `Welcome, ${data.merchant_name}` : 'Welcome'}</h2>
        <InstallButton />
      </div>
      <div className="ma-stats">
        <StatCard
          icon={<TicketIcon {...STAT_ICON} />}
          label="Total Vouchers"
          value={count(data?.total_vouchers)}
          tone="brand"
        />
        <StatCard
          icon={<CheckCircleIcon {...STAT_ICON} />}
          label="Redeemed"
          value={count(data?.redeemed_vouchers)}
          tone="green"
        />
        <StatCard
          icon={<ClockIcon {...STAT_ICON} />}
          label="Not Redeemed"
          value={count(data?.not_redeemed_vouchers)}
          tone="orange"
        />
      </div>
    </section>
  );
}
