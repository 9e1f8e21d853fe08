import { createFileRoute } from '@tanstack/react-router';
import { GuestFlow } from '../../features/guest/GuestFlow';
import { rememberHotelPage } from '../../lib/start-page';

export const Route = createFileRoute('/scan/$hotelId')({
  codeSplitGroupings: [],
  // The installed app's start page opens this hotel's page again (docs/PRODUCT.md "Offline and install").
  onEnter: ({ params }) => rememberHotelPage(params.hotelId),
  component: function ScanPage() {
    const { hotelId } = Route.useParams();
    return <GuestFlow hotelId={hotelId} />;
  },
});
