import { useQuery } from '@tanstack/react-query';
import { Dialog } from '../../../components/ui/Dialog';
import { ImageIcon } from '../../../components/ui/icons';
import { UploadedImage } from '../../../components/ui/UploadedImage';
import { ApiError, errorText } from '../../../lib/api';
import { guestOfferDetailsQuery } from '../api';
import { useRulesView } from '../rules-view';
import { useGuestI18n } from '../i18n/i18n';
import type { GuestOfferCard } from '../types';
import { ShopPlace } from './ShopPlace';

interface Props {
  hotelId: string;
  /** The card tapped; its details are fetched now (the list carries only what the cards show). */
  offer: GuestOfferCard | null;
  merchantType: string;
  onClose: () => void;
}

/**
 * View Details: images, merchant, offer name, value, where the shop is, timings, description, terms, valid period, and
 * the offer's conditions (docs/PRODUCT.md "Offer rules": from the card, so they show offline too).
 */
export function OfferDetailsDialog({ hotelId, offer, merchantType, onClose }: Props) {
  const i18n = useGuestI18n();
  const { t, date, offerValue, message } = i18n;
  const details = useQuery({ ...guestOfferDetailsQuery(hotelId, offer?.id ?? ''), enabled: offer !== null });
  const full = details.data;
  const rulesView = useRulesView(offer !== null);
  const rules = offer && rulesView ? rulesView.ruleLines(offer, i18n) : [];
  return (
    <Dialog open={offer !== null} title={offer?.offer_name ?? t.offerDetails.title} onClose={onClose}>
      {offer && (
        <div className="offer-details">
          {full && full.images.length > 0 && (
            <div className="offer-images">
              {full.images.map((image) => (
                <UploadedImage
                  key={image}
                  path={image}
                  alt={offer.offer_name}
                  fallback={
                    <span className="offer-image-missing">
                      <ImageIcon width={40} height={40} strokeWidth={1.5} />
                    </span>
                  }
                />
              ))}
            </div>
          )}
          <p className="offer-value">{offerValue(offer.offer_type, offer.offer_value)}</p>
          {rules.length > 0 && (
            <section className="offer-conditions" aria-label={t.rules.conditions}>
              <h3>{t.rules.conditions}</h3>
              <ul className="offer-rules">
                {rules.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </section>
          )}
          <ShopPlace place={full?.merchant} />
          <dl className="details-list">
            <dt>{t.offerDetails.merchant}</dt>
            <dd>
              {offer.merchant_name} · {merchantType}
            </dd>
            {full ? (
              <>
                <dt>{t.offerDetails.timings}</dt>
                <dd>
                  {full.opening_hours && full.closing_hours
                    ? `${full.opening_hours} – ${full.closing_hours}`
                    : t.offerDetails.notAvailable}
                </dd>
                <dt>{t.offerDetails.valid}</dt>
                <dd>
                  {date(full.validity_from)} – {date(full.validity_to)}
                </dd>
                <dt>{t.offerDetails.description}</dt>
                <dd>{full.description || t.offerDetails.notAvailable}</dd>
                <dt>{t.offerDetails.terms}</dt>
                <dd>{full.terms_conditions || t.offerDetails.notAvailable}</dd>
              </>
            ) : (
              <>
                <dt>{t.offerDetails.valid}</dt>
                <dd>{t.offerDetails.until(date(offer.validity_to))}</dd>
              </>
            )}
          </dl>
          {!full && (
            <p className="status-text" role="status">
              {details.isError
                ? details.error instanceof ApiError && details.error.isNetworkError
                  ? t.offerDetails.offline
                  : message(errorText(details.error, t.offerDetails.failed))
                : t.offerDetails.loading}
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}
