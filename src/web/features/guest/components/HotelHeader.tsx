import type { PublicHotel } from '../../../../shared/types';
import { UploadedImage } from '../../../components/ui/UploadedImage';
import { useGuestI18n } from '../i18n/i18n';

/** The hotel's name and logo, and the language switch (English ⇄ Hindi, remembered on the phone). */
export function HotelHeader({ hotel }: { hotel: PublicHotel | undefined }) {
  const { t, lang, setLang } = useGuestI18n();
  return (
    <header className="guest-header">
      <div className="guest-hotel">
        <UploadedImage
          className="guest-logo"
          path={hotel?.logo_url}
          alt=""
          fallback={<span className="guest-logo guest-logo-fallback">🏨</span>}
        />
        <div className="guest-hotel-text">
          <p className="guest-eyebrow">{t.header.welcome}</p>
          <h1 className="guest-hotel-name">{hotel?.name ?? t.header.yourHotel}</h1>
          {hotel?.location_name && <p className="guest-location">{hotel.location_name}</p>}
        </div>
        <LanguageSwitch lang={lang} label={t.language.switchLabel} text={t.language.switchTo} onSwitch={setLang} />
      </div>
    </header>
  );
}

export function LanguageSwitch({
  lang,
  label,
  text,
  onSwitch,
}: {
  lang: 'en' | 'hi';
  label: string;
  text: string;
  onSwitch: (lang: 'en' | 'hi') => void;
}) {
  const other = lang === 'en' ? 'hi' : 'en';
  return (
    <button type="button" className="guest-lang" lang={other} aria-label={label} onClick={() => onSwitch(other)}>
      {text}
    </button>
  );
}
