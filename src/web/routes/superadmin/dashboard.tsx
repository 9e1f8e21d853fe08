import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../../components/layout/Placeholder';

export const Route = createFileRoute('/superadmin/dashboard')({
  staticData: { title: 'Super Admin Dashboard' },
  component: () => <Placeholder title="Super Admin Dashboard" text="The dashboard figures are being built." />,
});
