import { useQuery } from '@tanstack/react-query';
import { formatDate, formatOfferValueForGuest } from '../../../../shared/format';
import { Dialog } from '../../../components/ui/Dialog';
import { UploadedImage } from '../../../components/ui/UploadedImage';
import { ApiError, errorText } from '../../../lib/api';
import { guestOfferDetailsQuery } from '../api';
import type { GuestOfferCard } from '../types';

interface Props {
  hotelId: string;
  /** The card tapped; its details are fetched now (the list carries only what the cards show). */
  offer: GuestOfferCard | null;
  merchantType: string;
  onClose: () => void;
}

/** View Details: images, merchant, offer name, value, timings, description, terms, valid period. */
export function OfferDetailsDialog({ hotelId, offer, merchantType, onClose }: Props) {
  const details = useQuery({ ...guestOfferDetailsQuery(hotelId, offer?.id ?? ''), enabled: offer !== null });
  const full = details.data;
  return (
    <Dialog open={offer !== null} title={offer?.offer_name ?? 'Offer details'} onClose={onClose}>
      {offer && (
        <div className="offer-details">
          {full && full.images.length > 0 && (
            <div className="offer-images">
              {full.images.map((image) => (
                <UploadedImage
                  key={image}
                  path={image}
                  alt={offer.offer_name}
                  fallback={<span className="offer-image-missing">🖼️</span>}
                />
              ))}
            </div>
          )}
          <p className="offer-value">{formatOfferValueForGuest(offer.offer_type, offer.offer_value)}</p>
          <dl className="details-list">
            <dt>Merchant</dt>
            <dd>
              {offer.merchant_name} · {merchantType}
            </dd>
            {full ? (
              <>
                <dt>Timings</dt>
                <dd>
                  {full.opening_hours && full.closing_hours ? `${full.opening_hours} – ${full.closing_hours}` : 'N/A'}
                </dd>
                <dt>Valid</dt>
                <dd>
                  {formatDate(full.validity_from)} – {formatDate(full.validity_to)}
                </dd>
                <dt>Description</dt>
                <dd>{full.description || 'N/A'}</dd>
                <dt>Terms &amp; Conditions</dt>
                <dd>{full.terms_conditions || 'N/A'}</dd>
              </>
            ) : (
              <>
                <dt>Valid</dt>
                <dd>Until {formatDate(offer.validity_to)}</dd>
              </>
            )}
          </dl>
          {!full && (
            <p className="status-text" role="status">
              {details.isError
                ? details.error instanceof ApiError && details.error.isNetworkError
                  ? 'You are offline. Connect to the internet to see the full details.'
                  : errorText(details.error, 'Failed to load offers')
                : 'Loading details...'}
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}
