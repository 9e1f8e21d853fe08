import { createFileRoute } from '@tanstack/react-router';
import { DashboardFrame } from '../../components/layout/DashboardFrame';
import { requireArea } from '../../lib/guards';

export const Route = createFileRoute('/merchant')({
  beforeLoad: () => requireArea('merchant'),
  component: () => <DashboardFrame area="merchant" />,
});
