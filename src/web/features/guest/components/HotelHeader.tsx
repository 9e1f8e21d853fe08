import type { PublicHotel } from '../../../../shared/api-types';
import { HotelIcon } from '../../../components/ui/icons';
import { UploadedImage } from '../../../components/ui/UploadedImage';
import { LANGUAGE_NAMES, useGuestI18n } from '../i18n/i18n';

/** The hotel's name and logo, and the language switch (English ⇄ Hindi, remembered on the phone). */
export function HotelHeader({ hotel }: { hotel: PublicHotel | undefined }) {
  const { t } = useGuestI18n();
  return (
    <header className="guest-header">
      <div className="guest-hotel">
        <UploadedImage
          className="guest-logo"
          path={hotel?.logo_url}
          alt=""
          fallback={
            <span className="guest-logo guest-logo-fallback">
              <HotelIcon width={34} height={34} strokeWidth={1.75} />
            </span>
          }
        />
        <div className="guest-hotel-text">
          <p className="guest-eyebrow">{t.header.welcome}</p>
          <h1 className="guest-hotel-name">{hotel?.name ?? t.header.yourHotel}</h1>
          {hotel?.location_name && <p className="guest-location">{hotel.location_name}</p>}
        </div>
        <LanguageSwitch />
      </div>
    </header>
  );
}

/**
 * The other language, named in its own script and in Latin ("हिन्दी · Hindi", the two names one above the other).
 * Its accessible name starts with that text (what a voice-control user says), then says what it does.
 */
export function LanguageSwitch() {
  const { t, lang, setLang } = useGuestI18n();
  const other = lang === 'en' ? 'hi' : 'en';
  const names = LANGUAGE_NAMES[other];
  return (
    <button
      type="button"
      className="guest-lang"
      lang={other}
      aria-label={`${names.join(' · ')}: ${t.language.switchLabel}`}
      onClick={() => setLang(other)}
    >
      {names.map((name, i) => (
        <span key={name} className="guest-lang-name">
          {i > 0 && <span className="guest-lang-dot"> · </span>}
          {name}
        </span>
      ))}
    </button>
  );
}
