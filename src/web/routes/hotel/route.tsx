import { createFileRoute } from '@tanstack/react-router';
import { DashboardFrame } from '../../components/layout/DashboardFrame';
import { requireArea } from '../../lib/guards';

export const Route = createFileRoute('/hotel')({
  beforeLoad: () => requireArea('hotel'),
  component: () => <DashboardFrame area="hotel" />,
});
