import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { DownloadIcon } from '../../components/ui/icons';
import {
  claimSettingsQuery,
  publicConfigQuery,
  RoomCardButtons,
  ScanAddressWarning,
  scanUrl,
  useQrCode,
} from '../hotels';

/** The hotel's QR code (the PNG the back office's QR dialog gives) and its printable room cards. */
export function QrKit({
  hotelId,
  hotelName,
  defaultLanguage,
}: {
  hotelId: string;
  hotelName: string;
  /** The location's guest page language: the room cards' language under the English by default. */
  defaultLanguage: string;
}) {
  const { data: config } = useSuspenseQuery(publicConfigQuery);
  const url = scanUrl(hotelId, config.public_url);
  const { image: shown, failed, download } = useQrCode(url);
  // With its old link off the hotel-wide code takes no claims: its rooms' cards do (docs/PRODUCT.md "Guest trust").
  const settings = useQuery(claimSettingsQuery(hotelId));
  if (settings.data && !settings.data.hotel_link_enabled)
    return (
      <Card className="ha-card ha-qr-kit">
        <h2 className="ha-card-title">QR cards</h2>
        <p className="muted">
          Your hotel's single QR code is switched off: guests scan the cards of your rooms and places.
        </p>
        <Link to="/hotel/cards">Print and manage your QR cards</Link>
      </Card>
    );

  return (
    <Card className="ha-card ha-qr-kit">
      <h2 className="ha-card-title">QR code and room cards</h2>
      <p className="muted">
        Put a card in every room: guests scan it and pick their vouchers. <Link to="/hotel/cards">QR Cards</Link> gives
        each room and place a card of its own.
      </p>
      <div className="ha-qr">
        <div className="ha-qr-image">
          {shown ? (
            <img src={shown} width={180} height={180} alt={`QR code for ${hotelName}`} />
          ) : (
            <span className="muted">{failed ? 'Could not draw the QR code' : 'Generating...'}</span>
          )}
        </div>
        <div className="ha-qr-side">
          <a href={url} target="_blank" rel="noreferrer" className="ha-qr-url">
            {url}
          </a>
          <ScanAddressWarning url={url} />
          <div className="ha-qr-actions">
            <Button onClick={() => void download(hotelName)}>
              <DownloadIcon /> Download QR
            </Button>
            <RoomCardButtons hotel={{ id: hotelId, name: hotelName, default_language: defaultLanguage }} />
          </div>
          <p className="muted ha-small">
            Room cards print the code with three steps in English and the card language you choose. A6 is one card a
            page; A4 fits four, cut along the dashed lines.
          </p>
        </div>
      </div>
    </Card>
  );
}
