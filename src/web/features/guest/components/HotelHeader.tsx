import type { PublicHotel } from '../../../../shared/types';
import { UploadedImage } from '../../../components/ui/UploadedImage';

export function HotelHeader({ hotel }: { hotel: PublicHotel | undefined }) {
  return (
    <header className="guest-header">
      <div className="guest-hotel">
        <UploadedImage
          className="guest-logo"
          path={hotel?.logo_url}
          alt=""
          fallback={<span className="guest-logo guest-logo-fallback">🏨</span>}
        />
        <div>
          <p className="guest-eyebrow">Welcome to</p>
          <h1 className="guest-hotel-name">{hotel?.name ?? 'your hotel'}</h1>
          {hotel?.location_name && <p className="guest-location">{hotel.location_name}</p>}
        </div>
      </div>
    </header>
  );
}
