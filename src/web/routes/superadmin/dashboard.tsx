import { createFileRoute } from '@tanstack/react-router';
import { ensureAll } from '../../lib/ensure-all';
import { DashboardPage } from '../../features/dashboard/DashboardPage';
import { dashboardChartsQuery, dashboardQuery } from '../../features/dashboard/api';

export const Route = createFileRoute('/superadmin/dashboard')({
  staticData: { title: 'Super Admin Dashboard' },
  loader: ensureAll(dashboardQuery, dashboardChartsQuery),
  component: DashboardPage,
});
