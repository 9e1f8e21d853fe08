import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { PageError } from '../../components/layout/PageStatus';
import { Card } from '../../components/ui/Card';
import { hotelDashboardQuery } from '../../features/hotel-area/api';
import { claimSettingsQuery, placementsQuery } from '../../features/hotels/placements/api';
import { PlacementsPanel } from '../../features/hotels/placements/PlacementsPanel';

/** The hotel's QR cards (docs/PRODUCT.md "Guest trust"): its placements, their cards and the daily limits. */
export const Route = createFileRoute('/hotel/cards')({
  staticData: { title: 'QR Cards' },
  loader: async ({ context: { queryClient } }) => {
    const { hotel_id: id } = await queryClient.ensureQueryData(hotelDashboardQuery);
    return Promise.all([
      queryClient.ensureQueryData(placementsQuery(id)),
      queryClient.ensureQueryData(claimSettingsQuery(id)),
    ]);
  },
  errorComponent: PageError,
  component: function HotelCardsPage() {
    const { data } = useSuspenseQuery(hotelDashboardQuery);
    return (
      <Card className="ha-card">
        <h2 className="ha-card-title">QR cards for rooms and places</h2>
        <p className="muted">
          Each room or place gets a card of its own: you see where guests scan, and a card that is photographed and
          shared stops at its daily limit. Switch a lost card off, or make a new one.
        </p>
        <PlacementsPanel
          hotel={{ id: data.hotel_id, name: data.hotel_name, default_language: data.default_language }}
        />
      </Card>
    );
  },
});
