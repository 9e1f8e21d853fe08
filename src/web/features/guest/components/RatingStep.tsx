import { useEffect, useState } from 'react';
import type { PublicHotel } from '../../../../shared/types';

const COUNTDOWN_SECONDS = 15;

/** docs/PRODUCT.md "Reviews": the place-id review link, else the hotel's google_link. */
export function reviewLink(hotel: PublicHotel | undefined): string | undefined {
  if (hotel?.google_place_id)
    return `https://search.google.com/local/writereview?placeid=${encodeURIComponent(hotel.google_place_id)}`;
  return hotel?.google_link ?? undefined;
}

/** Step 4: invite a Google review, then show the vouchers when the 15-second countdown ends. */
export function RatingStep({ hotel, onDone }: { hotel: PublicHotel | undefined; onDone: () => void }) {
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
        Enjoying your stay at {hotel?.name ?? 'the hotel'}?
      </h2>
      <p className="muted">Your vouchers are ready. If you have a moment, tell others about your stay.</p>
      {link && (
        <a className="btn btn-primary btn-block guest-cta" href={link} target="_blank" rel="noopener noreferrer">
          Rate us on Google
        </a>
      )}
      <p className="rating-disclaimer">
        Your vouchers are yours whether or not you leave a review. They are not a reward for reviews, and any review,
        good or bad, is welcome.
      </p>
      <p className="countdown" aria-live="polite">
        Showing your vouchers in <strong>{left}</strong> second{left === 1 ? '' : 's'}...
      </p>
    </section>
  );
}
