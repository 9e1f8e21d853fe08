import { createFileRoute } from '@tanstack/react-router';
import { DashboardFrame } from '../../components/layout/DashboardFrame';
import { PageError } from '../../components/layout/PageStatus';
import { currentUserQuery } from '../../features/auth/api';
import { requireArea } from '../../lib/guards';

export const Route = createFileRoute('/superadmin')({
  beforeLoad: () => requireArea('superadmin'),
  // The user's role decides the menu, the buttons and what some pages load (shared/permissions.ts).
  loader: ({ context }) => context.queryClient.ensureQueryData(currentUserQuery),
  errorComponent: PageError,
  component: () => <DashboardFrame area="superadmin" />,
});
