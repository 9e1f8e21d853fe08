import { useEffect, useState } from 'react';
import type { PublicHotel } from '../../../../shared/api-types';
import { googleReviewLink } from '../../../../shared/review-link';
import { useGuestI18n } from '../i18n/i18n';

const COUNTDOWN_SECONDS = 15;

/** docs/PRODUCT.md "Reviews": the place-id review link, else the hotel's google_link. */
export const reviewLink = (hotel: PublicHotel | undefined): string | undefined =>
  googleReviewLink(hotel?.google_place_id, hotel?.google_link);

/** Step 4: invite a Google review, then show the vouchers when the 15-second countdown ends. */
export function RatingStep({
  hotel,
  onDone,
  onReviewTap,
}: {
  hotel: PublicHotel | undefined;
  onDone: () => void;
  /** The review button tapped (the funnel's review_tap event, docs/PRIVACY.md "Funnel"). */
  onReviewTap?: () => void;
}) {
  const { t } = useGuestI18n();
  const [left, setLeft] = useState(COUNTDOWN_SECONDS);
  useEffect(() => {
    if (left <= 0) {
      onDone();
      return;
    }
    const timer = window.setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left, onDone]);

  const link = reviewLink(hotel);
  return (
    <section className="guest-card rating" aria-labelledby="rating-title">
      <p className="rating-stars" aria-hidden="true">
        ★★★★★
      </p>
      <h2 id="rating-title" className="guest-title">
        {t.rating.title(hotel?.name ?? t.rating.theHotel)}
      </h2>
      <p className="muted">{t.rating.intro}</p>
      {link && (
        <a
          className="btn btn-primary btn-block guest-cta"
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          onClick={onReviewTap}
        >
          {t.rating.rate}
        </a>
      )}
      <p className="rating-disclaimer">{t.rating.disclaimer}</p>
      <p className="countdown" aria-live="polite">
        {t.rating.countdownBefore}
        <strong>{left}</strong>
        {t.rating.countdownAfter(left)}
      </p>
    </section>
  );
}
