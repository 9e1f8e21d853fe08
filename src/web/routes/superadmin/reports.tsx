import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../../components/layout/Placeholder';

export const Route = createFileRoute('/superadmin/reports')({
  staticData: { title: 'Month-wise Revenue Report' },
  component: () => <Placeholder title="Month-wise Revenue Report" text="Revenue reports are being built." />,
});
