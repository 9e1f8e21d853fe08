import { createFileRoute } from '@tanstack/react-router';
import { locationsQuery } from '../../features/locations/api';
import { currentMonth, hotelDetailsQuery } from '../../features/reviews/api';
import { HotelDetailsPage } from '../../features/reviews/HotelDetailsPage';

export const Route = createFileRoute('/superadmin/coupons')({
  staticData: { title: 'Hotel Details' },
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(hotelDetailsQuery({ month: currentMonth() })),
      queryClient.ensureQueryData(locationsQuery),
    ]),
  component: HotelDetailsPage,
});
