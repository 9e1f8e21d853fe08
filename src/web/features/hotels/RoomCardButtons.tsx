import { useState } from 'react';
import { toast } from 'sonner';
import type { RoomCardLayout } from '../../../shared/schemas/hotel-area';
import { Button } from '../../components/ui/Button';
import { DownloadIcon } from '../../components/ui/icons';
import { errorText } from '../../lib/api';
import { downloadRoomCards } from './api';

const LAYOUTS: { layout: RoomCardLayout; label: string }[] = [
  { layout: 'a6', label: 'Room card (A6)' },
  { layout: 'a4x4', label: '4 cards on A4' },
];

/** The printable room cards (PDF) of a hotel: on the hotel's dashboard and in the back office's QR dialog. */
export function RoomCardButtons({ hotel }: { hotel: { id: string; name: string } }) {
  const [busy, setBusy] = useState<RoomCardLayout | null>(null);
  const download = async (layout: RoomCardLayout) => {
    setBusy(layout);
    try {
      await downloadRoomCards(hotel, layout);
      toast.success('Room cards downloaded!');
    } catch (error) {
      toast.error(errorText(error, 'Failed to download room cards'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      {LAYOUTS.map(({ layout, label }) => (
        <Button key={layout} variant="secondary" disabled={busy !== null} onClick={() => void download(layout)}>
          <DownloadIcon /> {busy === layout ? 'Preparing...' : label}
        </Button>
      ))}
    </>
  );
}
