import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../../components/layout/Placeholder';

export const Route = createFileRoute('/merchant/customers')({
  staticData: { title: 'My Customers' },
  component: () => <Placeholder title="My Customers" text="Your customers list is being built." />,
});
