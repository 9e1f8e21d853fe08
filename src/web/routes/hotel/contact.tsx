import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../../components/layout/Placeholder';

export const Route = createFileRoute('/hotel/contact')({
  staticData: { title: 'Contact Us' },
  component: () => <Placeholder title="Contact Us" text="Contact details are being built." />,
});
