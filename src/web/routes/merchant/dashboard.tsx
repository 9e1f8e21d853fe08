import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../../components/layout/Placeholder';

export const Route = createFileRoute('/merchant/dashboard')({
  staticData: { title: 'Merchant Dashboard' },
  component: () => <Placeholder title="Merchant Dashboard" text="Voucher redemption is being built." />,
});
