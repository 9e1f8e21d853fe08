import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../../components/layout/Placeholder';

export const Route = createFileRoute('/superadmin/coupons')({
  staticData: { title: 'Hotel Details' },
  component: () => <Placeholder title="Hotel Details" text="Google review tracking is being built." />,
});
