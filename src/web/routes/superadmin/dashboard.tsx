import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '../../features/dashboard/DashboardPage';
import { dashboardChartsQuery, dashboardQuery } from '../../features/dashboard/api';

export const Route = createFileRoute('/superadmin/dashboard')({
  staticData: { title: 'Super Admin Dashboard' },
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(dashboardQuery),
      context.queryClient.ensureQueryData(dashboardChartsQuery),
    ]),
  component: DashboardPage,
});
