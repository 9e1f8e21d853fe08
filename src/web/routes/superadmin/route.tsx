import { createFileRoute } from '@tanstack/react-router';
import { DashboardFrame } from '../../components/layout/DashboardFrame';
import { requireArea } from '../../lib/guards';

export const Route = createFileRoute('/superadmin')({
  beforeLoad: () => requireArea('superadmin'),
  component: () => <DashboardFrame area="superadmin" />,
});
