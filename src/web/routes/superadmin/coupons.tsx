import { createFileRoute } from '@tanstack/react-router';
import { HotelDetailsPage } from '../../features/reviews/HotelDetailsPage';
import { locationsQuery } from '../../features/locations/api';

export const Route = createFileRoute('/superadmin/coupons')({
  staticData: { title: 'Hotel Details' },
  loader: ({ context }) => void context.queryClient.prefetchQuery(locationsQuery),
  component: HotelDetailsPage,
});
