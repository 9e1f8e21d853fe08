import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../../components/layout/Placeholder';

export const Route = createFileRoute('/hotel/customers')({
  staticData: { title: 'Customers' },
  component: () => <Placeholder title="Customers" text="Your customers list is coming soon." />,
});
