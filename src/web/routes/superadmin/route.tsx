import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
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
  component: BackOffice,
});

/** The set-up a superadmin or admin user must do first when two-step sign-in is required (docs/SECURITY.md). */
const SecondFactorGate = lazy(() => import('../../components/layout/SecondFactorGate'));

function BackOffice() {
  const { data: me } = useSuspenseQuery(currentUserQuery);
  if (me.second_factor_required && !me.second_factor)
    return (
      <Suspense fallback={null}>
        <SecondFactorGate />
      </Suspense>
    );
  return <DashboardFrame area="superadmin" changePasswordDialog={ChangePasswordDialog} />;
}
