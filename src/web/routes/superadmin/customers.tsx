import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../../components/layout/Placeholder';

export const Route = createFileRoute('/superadmin/customers')({
  staticData: { title: 'Customer Scans' },
  component: () => <Placeholder title="Customer Scans" text="The customer scans list is being built." />,
});
