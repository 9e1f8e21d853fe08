import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../../components/layout/Placeholder';

export const Route = createFileRoute('/hotel/dashboard')({
  staticData: { title: 'Hotel Dashboard' },
  component: () => <Placeholder title="Hotel Dashboard" text="Your hotel dashboard is coming soon." />,
});
