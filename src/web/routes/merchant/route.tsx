import { createFileRoute } from '@tanstack/react-router';
import { DashboardFrame } from '../../components/layout/DashboardFrame';
import { ChangePasswordDialog } from '../../features/passwords/change-password';
import { requireArea } from '../../lib/guards';

/**
 * The merchant's pages show what the device saved at once, also offline (docs/PRODUCT.md "Offline and install"): their
 * loaders start the fetch without waiting for it, and a page waits (PagePending) only when nothing is saved.
 */
export const Route = createFileRoute('/merchant')({
  beforeLoad: () => requireArea('merchant'),
  component: () => <DashboardFrame area="merchant" changePasswordDialog={ChangePasswordDialog} />,
});
