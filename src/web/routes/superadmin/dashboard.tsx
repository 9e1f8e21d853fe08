import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '../../features/dashboard/DashboardPage';
import { dashboardQuery } from '../../features/dashboard/api';

export const Route = createFileRoute('/superadmin/dashboard')({
  staticData: { title: 'Super Admin Dashboard' },
  loader: ({ context }) => context.queryClient.ensureQueryData(dashboardQuery),
  component: DashboardPage,
});
