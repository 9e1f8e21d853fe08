import { createFileRoute } from '@tanstack/react-router';
import { PageError } from '../../components/layout/PageStatus';
import { contactInfoQuery } from '../../features/contact/api';
import { hotelDashboardQuery } from '../../features/hotel-area/api';
import { HotelDashboardPage } from '../../features/hotel-area/HotelDashboardPage';
import { publicConfigQuery } from '../../features/hotels/api';

export const Route = createFileRoute('/hotel/dashboard')({
  staticData: { title: 'Hotel Dashboard' },
  loader: ({ context: { queryClient } }) => {
    // Contact Us shows only when the subscription ended; it loads alongside and never holds the page up.
    void queryClient.prefetchQuery(contactInfoQuery);
    return Promise.all([
      queryClient.ensureQueryData(hotelDashboardQuery),
      queryClient.ensureQueryData(publicConfigQuery),
    ]);
  },
  errorComponent: PageError,
  component: HotelDashboardPage,
});
