import { UploadedImage } from '../../../components/ui/UploadedImage';
import { useGuestI18n } from '../i18n/i18n';
import type { GuestOfferCard } from '../types';

/** CSS pixels of a card's thumbnail: half the server's 144 px WebP (files/thumbnails.ts), sharp on a 2x screen. */
const THUMB_SIDE = 72;

interface Props {
  /** Both undefined while the offers load (a reload on this step): the step's head shows at once. */
  categoryName: string | undefined;
  offers: GuestOfferCard[] | undefined;
  /** When an offer can be used if not every day of the stay ("Use on Mon–Fri: 3 of your 4 days"), by offer id. */
  stayLines: ReadonlyMap<string, string | undefined> | undefined;
  selected: string[];
  onToggle: (offer: GuestOfferCard) => void;
  onDetails: (offer: GuestOfferCard) => void;
  onBack: () => void;
}

/** Step 3: the chosen category's offers; tap to select (up to 3). */
export function OffersStep({ categoryName, offers, stayLines, selected, onToggle, onDetails, onBack }: Props) {
  const { t, date, offerValue } = useGuestI18n();
  return (
    <section className="guest-section" aria-labelledby="offers-title">
      <div className="guest-card guest-step-head">
        <button type="button" className="btn btn-ghost btn-sm guest-back" onClick={onBack}>
          <span aria-hidden="true">←</span> {t.offers.back}
        </button>
        <h2 id="offers-title" className="guest-title">
          {categoryName ?? '\u00a0'}
        </h2>
        <p className="muted">{t.offers.intro}</p>
      </div>
      {!offers && <p className="status-text">{t.categories.loading}</p>}
      <ul className="offer-list">
        {offers?.map((offer) => {
          const isSelected = selected.includes(offer.id);
          return (
            <li key={offer.id} className={`offer-card ${isSelected ? 'offer-selected' : ''}`}>
              <div className="offer-main">
                <UploadedImage
                  className="offer-thumb"
                  path={offer.thumbnail_url}
                  alt=""
                  width={THUMB_SIDE}
                  height={THUMB_SIDE}
                  fallback={<span className="offer-thumb" aria-hidden="true" />}
                />
                <div className="offer-text">
                  <span className="offer-value">{offerValue(offer.offer_type, offer.offer_value)}</span>
                  <h3 className="offer-name">{offer.offer_name}</h3>
                  <p className="offer-merchant">{offer.merchant_name}</p>
                  <p className="offer-valid">{t.offers.validUntil(date(offer.validity_to))}</p>
                  {stayLines?.get(offer.id) && <p className="offer-stay">{stayLines.get(offer.id)}</p>}
                </div>
              </div>
              <div className="offer-actions">
                <button type="button" className="btn btn-secondary btn-sm" onClick={() => onDetails(offer)}>
                  {t.offers.viewDetails}
                </button>
                <button
                  type="button"
                  className={`btn btn-sm ${isSelected ? 'btn-primary' : 'btn-secondary'} offer-select`}
                  aria-pressed={isSelected}
                  onClick={() => onToggle(offer)}
                >
                  {isSelected ? t.offers.selected : t.offers.select}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
