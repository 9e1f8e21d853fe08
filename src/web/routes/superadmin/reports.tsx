import { createFileRoute } from '@tanstack/react-router';
import { ReportsPage } from '../../features/reports/ReportsPage';
import { monthlyRevenueQuery } from '../../features/reports/api';

export const Route = createFileRoute('/superadmin/reports')({
  staticData: { title: 'Month-wise Revenue Report' },
  loader: ({ context }) => void context.queryClient.prefetchQuery(monthlyRevenueQuery({})),
  component: ReportsPage,
});
