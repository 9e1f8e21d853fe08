import { createFileRoute } from '@tanstack/react-router';
import { PageError } from '../../components/layout/PageStatus';
import { ownBillingQuery, ownInvoicesQuery } from '../../features/invoices/api';
import { OwnInvoicesPage } from '../../features/invoices/OwnInvoicesPage';

export const Route = createFileRoute('/hotel/invoices')({
  staticData: { title: 'Invoices' },
  loader: ({ context }) => {
    void context.queryClient.prefetchInfiniteQuery(ownInvoicesQuery());
    void context.queryClient.prefetchQuery(ownBillingQuery);
  },
  errorComponent: PageError,
  component: OwnInvoicesPage,
});
