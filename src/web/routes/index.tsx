import { createFileRoute, redirect } from '@tanstack/react-router';
import { dashboardPath, readSession } from '../lib/session';

/**
 * docs/PRODUCT.md "Offline and install": `/` sends a signed-in user to their own dashboard, everyone else to
 * /login/superadmin.
 */
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    const session = readSession();
    throw redirect({ to: session ? dashboardPath(session.userType) : '/login/superadmin' });
  },
});
