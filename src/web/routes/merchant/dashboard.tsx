import { createFileRoute } from '@tanstack/react-router';
import { merchantDashboardQuery } from '../../features/merchant-area/api';
import { MerchantDashboard } from '../../features/merchant-area/MerchantDashboard';

export const Route = createFileRoute('/merchant/dashboard')({
  staticData: { title: 'Merchant Dashboard' },
  loader: ({ context }) => void context.queryClient.prefetchQuery(merchantDashboardQuery),
  component: MerchantDashboard,
});
