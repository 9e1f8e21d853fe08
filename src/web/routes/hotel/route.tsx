import { createFileRoute } from '@tanstack/react-router';
import { DashboardFrame } from '../../components/layout/DashboardFrame';
import { ChangePasswordDialog } from '../../features/passwords/change-password';
import { requireArea } from '../../lib/guards';

/**
 * The hotel's own area: Dashboard, Customers and Contact Us. Its pages' loaders ensure their data and the pages read
 * it with useSuspenseQuery (PagePending while it loads, PageError when it fails).
 */
export const Route = createFileRoute('/hotel')({
  beforeLoad: () => requireArea('hotel'),
  component: () => <DashboardFrame area="hotel" changePasswordDialog={ChangePasswordDialog} />,
});
