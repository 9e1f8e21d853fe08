import { formatDate, formatOfferValueForGuest } from '../../../../shared/format';
import type { GuestOfferCard } from '../types';

interface Props {
  categoryName: string;
  offers: GuestOfferCard[];
  selected: string[];
  onToggle: (offer: GuestOfferCard) => void;
  onDetails: (offer: GuestOfferCard) => void;
  onBack: () => void;
}

/** Step 3: the chosen category's offers; tap to select (up to 3). */
export function OffersStep({ categoryName, offers, selected, onToggle, onDetails, onBack }: Props) {
  return (
    <section className="guest-section" aria-labelledby="offers-title">
      <div className="guest-card guest-step-head">
        <button type="button" className="btn btn-ghost btn-sm guest-back" onClick={onBack}>
          <span aria-hidden="true">←</span> Back to Categories
        </button>
        <h2 id="offers-title" className="guest-title">
          {categoryName}
        </h2>
        <p className="muted">Tap Select on up to 3 vouchers in all.</p>
      </div>
      <ul className="offer-list">
        {offers.map((offer) => {
          const isSelected = selected.includes(offer.id);
          return (
            <li key={offer.id} className={`offer-card ${isSelected ? 'offer-selected' : ''}`}>
              <div className="offer-main">
                <span className="offer-value">{formatOfferValueForGuest(offer.offer_type, offer.offer_value)}</span>
                <h3 className="offer-name">{offer.offer_name}</h3>
                <p className="offer-merchant">{offer.merchant_name}</p>
                <p className="offer-valid">Valid until {formatDate(offer.validity_to)}</p>
              </div>
              <div className="offer-actions">
                <button type="button" className="btn btn-secondary btn-sm" onClick={() => onDetails(offer)}>
                  View Details
                </button>
                <button
                  type="button"
                  className={`btn btn-sm ${isSelected ? 'btn-primary' : 'btn-secondary'} offer-select`}
                  aria-pressed={isSelected}
                  onClick={() => onToggle(offer)}
                >
                  {isSelected ? '✓ Selected' : 'Select'}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
