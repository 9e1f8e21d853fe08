import { createFileRoute } from '@tanstack/react-router';
import { can } from '../../../shared/permissions';
import { ReportsPage } from '../../features/reports/ReportsPage';
import { monthlyRevenueQuery } from '../../features/reports/api';
import { currentUserQuery, userRole } from '../../lib/current-user';

export const Route = createFileRoute('/superadmin/reports')({
  staticData: { title: 'Month-wise Revenue Report' },
  // A manager may not view reports: the page says so without asking the server.
  loader: async ({ context: { queryClient } }) => {
    const user = await queryClient.ensureQueryData(currentUserQuery);
    if (can(userRole(user), 'viewReports')) await queryClient.ensureQueryData(monthlyRevenueQuery({}));
  },
  component: ReportsPage,
});
