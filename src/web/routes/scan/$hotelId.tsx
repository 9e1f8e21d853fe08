import { createFileRoute } from '@tanstack/react-router';
import { GuestFlow } from '../../features/guest/GuestFlow';

export const Route = createFileRoute('/scan/$hotelId')({
  codeSplitGroupings: [],
  component: function ScanPage() {
    const { hotelId } = Route.useParams();
    return <GuestFlow hotelId={hotelId} />;
  },
});
