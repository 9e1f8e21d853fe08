import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../../components/layout/Placeholder';

export const Route = createFileRoute('/superadmin/hotels')({
  staticData: { title: 'Manage Hotels' },
  component: () => <Placeholder title="Manage Hotels" text="Hotel management is being built." />,
});
