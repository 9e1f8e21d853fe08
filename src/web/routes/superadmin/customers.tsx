import { createFileRoute } from '@tanstack/react-router';
import { CustomerScansPage } from '../../features/customer-scans/CustomerScansPage';
import { customerScansQuery, hotelOptionsQuery, merchantOptionsQuery } from '../../features/customer-scans/api';
import { ScanSearchSchema } from '../../features/customer-scans/search';
import { locationsQuery } from '../../features/locations/api';

export const Route = createFileRoute('/superadmin/customers')({
  staticData: { title: 'Customer Scans' },
  validateSearch: ScanSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) =>
    Promise.all([
      queryClient.ensureInfiniteQueryData(customerScansQuery(deps)),
      queryClient.ensureQueryData(locationsQuery),
      queryClient.ensureQueryData(hotelOptionsQuery),
      queryClient.ensureQueryData(merchantOptionsQuery),
    ]),
  component: CustomerScansPage,
});
