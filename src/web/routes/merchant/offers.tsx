import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../../components/layout/Placeholder';

export const Route = createFileRoute('/merchant/offers')({
  staticData: { title: 'My Offers' },
  component: () => <Placeholder title="My Offers" text="Your offers are being built." />,
});
