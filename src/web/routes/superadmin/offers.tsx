import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../../components/layout/Placeholder';

export const Route = createFileRoute('/superadmin/offers')({
  staticData: { title: 'All Offers' },
  component: () => <Placeholder title="All Offers" text="The offers list is being built." />,
});
