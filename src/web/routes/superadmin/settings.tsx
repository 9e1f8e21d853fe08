import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../../components/layout/Placeholder';

export const Route = createFileRoute('/superadmin/settings')({
  staticData: { title: 'Settings - User Management' },
  component: () => <Placeholder title="Settings - User Management" text="Settings are being built." />,
});
