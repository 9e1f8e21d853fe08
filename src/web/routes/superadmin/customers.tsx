import { createFileRoute } from '@tanstack/react-router';
import { CustomerScansPage } from '../../features/customer-scans/CustomerScansPage';
import { customerScansQuery, hotelOptionsQuery, merchantOptionsQuery } from '../../features/customer-scans/api';
import { parseScanSearch } from '../../features/customer-scans/search';
import { locationsQuery } from '../../features/locations/api';

export const Route = createFileRoute('/superadmin/customers')({
  staticData: { title: 'Customer Scans' },
  validateSearch: parseScanSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchInfiniteQuery(customerScansQuery(deps));
    void context.queryClient.prefetchQuery(locationsQuery);
    void context.queryClient.prefetchQuery(hotelOptionsQuery);
    void context.queryClient.prefetchQuery(merchantOptionsQuery);
  },
  component: CustomerScansPage,
});
