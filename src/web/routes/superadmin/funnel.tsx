import { createFileRoute } from '@tanstack/react-router';
import { FunnelPage } from '../../features/funnel/FunnelPage';

// No loader: the page loads its own figures, so nothing of it joins the first load every page shares (the guest's).
export const Route = createFileRoute('/superadmin/funnel')({
  staticData: { title: 'Guest funnel' },
  component: FunnelPage,
});
