import { languageLabel } from '../../../shared/guest-languages';
import { ROOM_CARD_LANGUAGES, type RoomCardLanguage } from '../../../shared/schemas/hotel-area';

/** The room card's language under the English (docs/PRODUCT.md "Guest trust"): each name as its language writes it. */
export function CardLanguageSelect({
  value,
  onChange,
  disabled,
}: {
  value: RoomCardLanguage;
  onChange: (lang: RoomCardLanguage) => void;
  disabled?: boolean;
}) {
  return (
    <label className="card-language">
      <span>Card language</span>
      <select value={value} disabled={disabled} onChange={(event) => onChange(event.target.value as RoomCardLanguage)}>
        {ROOM_CARD_LANGUAGES.map((lang) => (
          <option key={lang} value={lang}>
            {languageLabel(lang)}
          </option>
        ))}
      </select>
    </label>
  );
}
