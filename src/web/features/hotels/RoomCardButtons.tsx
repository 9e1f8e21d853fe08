import { useState } from 'react';
import { toast } from 'sonner';
import { roomCardLanguageFor, type RoomCardLanguage, type RoomCardLayout } from '../../../shared/schemas/hotel-area';
import { Button } from '../../components/ui/Button';
import { DownloadIcon } from '../../components/ui/icons';
import { errorText } from '../../lib/api';
import { downloadRoomCards } from './api';
import { CardLanguageSelect } from './CardLanguageSelect';

const LAYOUTS: { layout: RoomCardLayout; label: string }[] = [
  { layout: 'a6', label: 'Room card (A6)' },
  { layout: 'a4x4', label: '4 cards on A4' },
];

/**
 * The printable room cards (PDF) of a hotel, in English and the chosen language: on the hotel's dashboard and in the
 * back office's QR dialog.
 */
export function RoomCardButtons({ hotel }: { hotel: { id: string; name: string; default_language?: string } }) {
  const [busy, setBusy] = useState<RoomCardLayout | null>(null);
  const [lang, setLang] = useState<RoomCardLanguage>(() => roomCardLanguageFor(hotel.default_language));
  const download = async (layout: RoomCardLayout) => {
    setBusy(layout);
    try {
      await downloadRoomCards(hotel, layout, lang);
      toast.success('Room cards downloaded!');
    } catch (error) {
      toast.error(errorText(error, 'Failed to download room cards'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <CardLanguageSelect value={lang} onChange={setLang} disabled={busy !== null} />
      {LAYOUTS.map(({ layout, label }) => (
        <Button key={layout} variant="secondary" disabled={busy !== null} onClick={() => void download(layout)}>
          <DownloadIcon /> {busy === layout ? 'Preparing...' : label}
        </Button>
      ))}
    </>
  );
}
