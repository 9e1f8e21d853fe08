/**
 * The languages a guest can use the page in (docs/PRODUCT.md "Languages"): stored with the scan, so the messages and
 * the vouchers view a guest gets later speak the page's language. English first: the default. Besides Hindi, the
 * six most spoken languages of the Eighth Schedule with a script of their own or Hindi's (Marathi: Devanagari).
 */
export const GUEST_LANGUAGES = ['en', 'hi', 'ta', 'te', 'kn', 'ml', 'bn', 'mr'] as const;
export type GuestLanguage = (typeof GUEST_LANGUAGES)[number];

export const isGuestLanguage = (value: unknown): value is GuestLanguage =>
  (GUEST_LANGUAGES as readonly unknown[]).includes(value);

/**
 * Each language's name as that language writes it, with the English name after a non-Latin one ("தமிழ் · Tamil"):
 * whoever reads the list finds their own language, and the English name still reads where a script's font is missing.
 */
export const LANGUAGE_NAMES: Record<GuestLanguage, readonly [string] | readonly [string, string]> = {
  en: ['English'],
  hi: ['हिन्दी', 'Hindi'],
  ta: ['தமிழ்', 'Tamil'],
  te: ['తెలుగు', 'Telugu'],
  kn: ['ಕನ್ನಡ', 'Kannada'],
  ml: ['മലയാളം', 'Malayalam'],
  bn: ['বাংলা', 'Bengali'],
  mr: ['मराठी', 'Marathi'],
};

/** A language's name for a list: "தமிழ் · Tamil", "English". */
export const languageLabel = (lang: GuestLanguage) => LANGUAGE_NAMES[lang].join(' · ');

/**
 * The Intl locale of each language. Latin digits everywhere (`nu-latn`): Marathi and Bengali would otherwise write
 * amounts and dates in their own digits, which a code, a bill and the merchant's screen never use.
 */
export const LANGUAGE_LOCALES: Record<GuestLanguage, string> = {
  en: 'en-IN',
  hi: 'hi-IN',
  ta: 'ta-IN-u-nu-latn',
  te: 'te-IN-u-nu-latn',
  kn: 'kn-IN-u-nu-latn',
  ml: 'ml-IN-u-nu-latn',
  bn: 'bn-IN-u-nu-latn',
  mr: 'mr-IN-u-nu-latn',
};

/** The script each language is written in: the font a PDF, a card or a page needs for it. */
export type GuestScript = 'latin' | 'devanagari' | 'tamil' | 'telugu' | 'kannada' | 'malayalam' | 'bengali';
export const LANGUAGE_SCRIPTS: Record<GuestLanguage, GuestScript> = {
  en: 'latin',
  hi: 'devanagari',
  mr: 'devanagari',
  ta: 'tamil',
  te: 'telugu',
  kn: 'kannada',
  ml: 'malayalam',
  bn: 'bengali',
};

/**
 * The language a guest page opens in (docs/PRODUCT.md "Languages"): the guest's own earlier choice on this phone,
 * else the first of the phone's languages we have ("ta-IN" → Tamil, "en-GB" → English), else the hotel location's
 * default language, else English.
 */
export function pickGuestLanguage(
  chosen: string | null | undefined,
  phoneLanguages: readonly string[],
  locationDefault: string | null | undefined,
): GuestLanguage {
  if (isGuestLanguage(chosen)) return chosen;
  for (const tag of phoneLanguages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isGuestLanguage(base)) return base;
  }
  return isGuestLanguage(locationDefault) ? locationDefault : 'en';
}
