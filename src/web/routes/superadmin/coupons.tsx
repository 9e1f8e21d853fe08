import { createFileRoute } from '@tanstack/react-router';
import { locationsQuery } from '../../features/locations/api';
import { currentMonth, hotelDetailsQuery } from '../../features/hotel-details/api';
import { HotelDetailsPage } from '../../features/hotel-details/HotelDetailsPage';

export const Route = createFileRoute('/superadmin/coupons')({
  staticData: { title: 'Hotel Details' },
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(hotelDetailsQuery({ month: currentMonth() })),
      queryClient.ensureQueryData(locationsQuery),
    ]),
  component: HotelDetailsPage,
});
