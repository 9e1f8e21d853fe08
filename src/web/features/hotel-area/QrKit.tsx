import { useSuspenseQuery } from '@tanstack/react-query';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { DownloadIcon } from '../../components/ui/icons';
import { publicConfigQuery, RoomCardButtons, ScanAddressWarning, scanUrl, useQrCode } from '../hotels';

/** The hotel's QR code (the PNG the back office's QR dialog gives) and its printable room cards. */
export function QrKit({ hotelId, hotelName }: { hotelId: string; hotelName: string }) {
  const { data: config } = useSuspenseQuery(publicConfigQuery);
  const url = scanUrl(hotelId, config.public_url);
  const { image: shown, failed, download } = useQrCode(url);

  return (
    <Card className="ha-card ha-qr-kit">
      <h2 className="ha-card-title">QR code and room cards</h2>
      <p className="muted">Put a card in every room: guests scan it and pick their vouchers.</p>
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
            <RoomCardButtons hotel={{ id: hotelId, name: hotelName }} />
          </div>
          <p className="muted ha-small">
            Room cards print the code with three steps in English and Hindi. A6 is one card a page; A4 fits four, cut
            along the dashed lines.
          </p>
        </div>
      </div>
    </Card>
  );
}
