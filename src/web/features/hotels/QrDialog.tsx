import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import type { Hotel } from '../../../shared/api-types';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { DownloadIcon, ExternalIcon } from '../../components/ui/icons';
import { publicConfigQuery } from './api';
import { scanUrl } from './qr';
import { RoomCardButtons } from './RoomCardButtons';
import { ScanAddressWarning } from './ScanAddressWarning';
import { useQrCode } from './use-qr-code';
import { claimSettingsQuery } from './placements/api';

// The placements (docs/PRODUCT.md "Guest trust") load with the dialog's first opening, not with the Hotels page.
const PlacementsPanel = lazy(() =>
  import('./placements/PlacementsPanel').then((m) => ({ default: m.PlacementsPanel })),
);

/**
 * QR dialog (docs/PRODUCT.md "Screens"): the code, the scan URL, Test Scan Page (new tab) and Download QR (PNG), and
 * the hotel's printable room cards (PDF, A6 or four on A4); then its placements (docs/PRODUCT.md "Guest trust"). With
 * the hotel's old link switched off, the placements only.
 */
export function QrDialog({ hotel, onClose }: { hotel: Hotel | null; onClose: () => void }) {
  const settings = useQuery({ ...claimSettingsQuery(hotel?.id ?? ''), enabled: hotel !== null });
  const linkOn = settings.data?.hotel_link_enabled ?? true;
  return (
    <Dialog open={hotel !== null} title={hotel ? `QR Code - ${hotel.name}` : 'QR Code'} onClose={onClose} size="lg">
      {hotel && linkOn && <HotelLinkQr hotel={hotel} />}
      {hotel && !linkOn && (
        <p className="muted hotel-qr-off">
          The hotel's own QR code is switched off: guests scan the cards of its rooms and places below.
        </p>
      )}
      {hotel && (
        <Suspense fallback={<p className="muted">Loading the cards...</p>}>
          <PlacementsPanel hotel={hotel} />
        </Suspense>
      )}
    </Dialog>
  );
}

function HotelLinkQr({ hotel }: { hotel: Hotel }) {
  const { data: config } = useSuspenseQuery(publicConfigQuery);
  const url = scanUrl(hotel.id, config.public_url);
  const { image, failed, download } = useQrCode(url);
  return (
    <div className="hotel-qr">
      <div className="hotel-qr-image">
        {image ? (
          <img src={image} width={250} height={250} alt={`QR code for ${hotel.name}`} />
        ) : (
          <span className="muted">{failed ? 'Could not draw the QR code' : 'Generating...'}</span>
        )}
      </div>
      <p className="muted">Guests scan this code to open the offers page.</p>
      {url && (
        <a href={url} target="_blank" rel="noreferrer" className="hotel-qr-url" aria-label="Scan URL">
          {url}
        </a>
      )}
      {url && <ScanAddressWarning url={url} />}
      <div className="hotel-qr-actions">
        <Button variant="secondary" disabled={!url} onClick={() => url && window.open(url, '_blank', 'noopener')}>
          <ExternalIcon /> Test Scan Page
        </Button>
        <Button disabled={!url} onClick={() => void download(hotel.name)}>
          <DownloadIcon /> Download QR
        </Button>
        <RoomCardButtons hotel={hotel} />
      </div>
    </div>
  );
}
