import { createFileRoute } from '@tanstack/react-router';
import { DashboardFrame } from '../../components/layout/DashboardFrame';
import { PageError } from '../../components/layout/PageStatus';
import { ChangePasswordDialog } from '../../features/passwords/change-password';
import { currentUserQuery } from '../../lib/current-user';
import { requireArea } from '../../lib/guards';

export const Route = createFileRoute('/superadmin')({
  beforeLoad: () => requireArea('superadmin'),
  // The user's role decides the menu, the buttons and what some pages load (shared/permissions.ts).
  loader: ({ context }) => context.queryClient.ensureQueryData(currentUserQuery),
  errorComponent: PageError,
  component: () => <DashboardFrame area="superadmin" changePasswordDialog={ChangePasswordDialog} />,
});
