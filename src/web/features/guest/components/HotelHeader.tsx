import type { PublicHotel } from '../../../../shared/api-types';
import { GlobeIcon, HotelIcon } from '../../../components/ui/icons';
import { UploadedImage } from '../../../components/ui/UploadedImage';
import { GUEST_LANGUAGES, isGuestLanguage, LANGUAGE_NAMES, languageLabel } from '../../../../shared/guest-languages';
import { useGuestI18n } from '../i18n/i18n';

/** The hotel's name and logo, and the language list (remembered on the phone). */
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
 * The language list: a globe and the shown language's name on a pill (its own script above the Latin name, "தமிழ் ·
 * Tamil"), with the phone's own picker (a native select laid over the pill) listing every language by its own name. The
 * choice is remembered on the phone (i18n.tsx).
 */
export function LanguageSwitch() {
  const { t, lang, setLang } = useGuestI18n();
  const names = LANGUAGE_NAMES[lang];
  return (
    <label className="guest-lang" lang={lang}>
      <GlobeIcon className="guest-lang-globe" width={16} height={16} />
      <span className="guest-lang-names" aria-hidden="true">
        {names.map((name, i) => (
          <span key={name} className="guest-lang-name">
            {i > 0 && <span className="guest-lang-dot"> · </span>}
            {name}
          </span>
        ))}
      </span>
      <select
        className="guest-lang-select"
        aria-label={t.language.label}
        value={lang}
        onChange={(event) => {
          if (isGuestLanguage(event.target.value)) setLang(event.target.value);
        }}
      >
        {GUEST_LANGUAGES.map((option) => (
          <option key={option} value={option} lang={option}>
            {languageLabel(option)}
          </option>
        ))}
      </select>
    </label>
  );
}
