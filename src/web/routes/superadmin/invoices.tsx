import { createFileRoute } from '@tanstack/react-router';
import { PageError } from '../../components/layout/PageStatus';
import { invoicesQuery } from '../../features/invoices/api';
import { InvoicesPage } from '../../features/invoices/InvoicesPage';

export const Route = createFileRoute('/superadmin/invoices')({
  staticData: { title: 'Invoices' },
  loader: ({ context }) => void context.queryClient.prefetchInfiniteQuery(invoicesQuery()),
  errorComponent: PageError,
  component: () => <InvoicesPage />,
});
