import { createFileRoute } from '@tanstack/react-router';
import { PageError } from '../../components/layout/PageStatus';
import { hotelCustomersQuery } from '../../features/hotel-area/api';
import { HotelCustomersPage } from '../../features/hotel-area/HotelCustomersPage';
import { HotelCustomerSearchSchema } from '../../features/hotel-area/search';

export const Route = createFileRoute('/hotel/customers')({
  staticData: { title: 'Customers' },
  validateSearch: HotelCustomerSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => queryClient.ensureInfiniteQueryData(hotelCustomersQuery(deps)),
  errorComponent: PageError,
  component: HotelCustomersPage,
});
