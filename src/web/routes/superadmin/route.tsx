import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { DashboardFrame } from '../../components/layout/DashboardFrame';
import { PageError } from '../../components/layout/PageStatus';
import { ChangePasswordDialog } from '../../features/passwords/change-password';
import { currentUserQuery } from '../../lib/current-user';
import { requireArea } from '../../lib/guards';

/** The set-up a superadmin or admin user must do first when two-step sign-in is required (docs/SECURITY.md). */
const SecondFactorGate = lazy(() => import('../../components/layout/SecondFactorGate'));

/**
 * Thrown before any page of the area loads when the user must set up two-step sign-in first: the server would refuse
 * every page's calls (403), so none is made and the set-up is shown instead (docs/PRODUCT.md "Two-step sign-in").
 */
class SetUpSecondFactorFirst extends Error {}

function AreaError(props: ErrorComponentProps) {
  if (props.error instanceof SetUpSecondFactorFirst)
    return (
      <Suspense fallback={null}>
        <SecondFactorGate />
      </Suspense>
    );
  return <PageError {...props} />;
}

export const Route = createFileRoute('/superadmin')({
  // The user's role decides the menu, the buttons and what some pages load (shared/permissions.ts).
  beforeLoad: async ({ context }) => {
    const area = requireArea('superadmin');
    // Unread (offline, the server away) the area opens as it did before the check: its pages show what they can,
    // and the server still refuses their calls while the set-up is due.
    const me = await context.queryClient.ensureQueryData(currentUserQuery).catch(() => undefined);
    if (me?.second_factor_required && !me.second_factor) throw new SetUpSecondFactorFirst();
    return area;
  },
  errorComponent: AreaError,
  component: () => <DashboardFrame area="superadmin" changePasswordDialog={ChangePasswordDialog} />,
});
