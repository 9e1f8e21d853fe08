import { formatDate, formatOfferValueForGuest } from '../../../../shared/format';
import { Dialog } from '../../../components/ui/Dialog';
import type { GuestOffer } from '../types';
import { UploadedImage } from '../../../components/ui/UploadedImage';

/** View Details: images, merchant, offer name, value, timings, description, terms, valid period. */
export function OfferDetailsDialog({ offer, merchantType, onClose }: { offer: GuestOffer | null; merchantType: string; onClose: () => void }) {
  return (
    <Dialog open={offer !== null} title={offer?.offer_name ?? 'Offer details'} onClose={onClose}>
      {offer && (
        <div className="offer-details">
          {offer.images.length > 0 && (
            <div className="offer-images">
              {offer.images.map((image) => (
                <UploadedImage key={image} path={image} alt={offer.offer_name} fallback={<span className="offer-image-missing">🖼️</span>} />
              ))}
            </div>
          )}
          <p className="offer-value">{formatOfferValueForGuest(offer.offer_type, offer.offer_value)}</p>
          <dl className="details-list">
            <dt>Merchant</dt>
            <dd>{offer.merchant_name} · {merchantType}</dd>
            <dt>Timings</dt>
            <dd>{offer.opening_hours && offer.closing_hours ? `${offer.opening_hours} – ${offer.closing_hours}` : 'N/A'}</dd>
            <dt>Valid</dt>
            <dd>{formatDate(offer.validity_from)} – {formatDate(offer.validity_to)}</dd>
            <dt>Description</dt>
            <dd>{offer.description || 'N/A'}</dd>
            <dt>Terms &amp; Conditions</dt>
            <dd>{offer.terms_conditions || 'N/A'}</dd>
          </dl>
        </div>
      )}
    </Dialog>
  );
}
