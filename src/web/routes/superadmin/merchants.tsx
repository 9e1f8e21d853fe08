import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../../components/layout/Placeholder';

export const Route = createFileRoute('/superadmin/merchants')({
  staticData: { title: 'Manage Merchants' },
  component: () => <Placeholder title="Manage Merchants" text="Merchant management is being built." />,
});
