import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../../components/layout/Placeholder';

export const Route = createFileRoute('/scan/$hotelId')({
  component: () => (
    <main className="page">
      <Placeholder title="StayPerks vouchers" text="The guest voucher flow is being built." />
    </main>
  ),
});
