import { LANGUAGE_LOCALES, type GuestLanguage } from '../../../shared/guest-languages';

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dateParts = (isoDate: string) => isoDate.split('-').map(Number) as [number, number, number];

/** "28 Nov 2026", as every screen writes a date (docs/PRODUCT.md "Constants"). */
export function englishDate(isoDate: string): string {
  const [year, month, day] = dateParts(isoDate);
  return `${day} ${SHORT_MONTHS[month - 1]} ${year}`;
}

/**
 * A calendar date ('2026-11-28') as a language writes it, the guest page's way ("28 नव॰ 2026";
 * features/guest/i18n formatGuestDate): Intl's short month in the language's locale, Latin digits.
 */
export function intlDate(lang: Exclude<GuestLanguage, 'en'>): (isoDate: string) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (isoDate) => {
    const [year, month, day] = dateParts(isoDate);
    format ??= new Intl.DateTimeFormat(LANGUAGE_LOCALES[lang], {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    return format.format(new Date(Date.UTC(year, month - 1, day)));
  };
}
