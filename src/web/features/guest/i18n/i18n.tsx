import { createContext, use, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { OfferType } from '../../../../shared/format';
import { LANGUAGE_LOCALES, pickGuestLanguage, type GuestLanguage } from '../../../../shared/guest-languages';
import type { Catalogue } from './catalogue';
import { en, type Messages } from './en';

/**
 * The guest flow's language (docs/PRODUCT.md "Languages"): the guest's own choice on this phone (localStorage), else
 * the phone's language when we have it, else the hotel location's default language, else English. English is in
 * the first load; every other language is one catalogue (catalogue-<language>.ts) fetched when it is first shown.
 */
export type Lang = GuestLanguage;
const STORAGE_KEY = 'stayperks-guest-lang';

function storedChoice(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

const phoneLanguages = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);

/** Each language's catalogue, a chunk of its own; the service worker keeps one once it has been used. */
const LOADERS: Record<Exclude<Lang, 'en'>, () => Promise<{ catalogue: Catalogue }>> = {
  hi: () => import('./catalogue-hi'),
  ta: () => import('./catalogue-ta'),
  te: () => import('./catalogue-te'),
  kn: () => import('./catalogue-kn'),
  ml: () => import('./catalogue-ml'),
  bn: () => import('./catalogue-bn'),
  mr: () => import('./catalogue-mr'),
};
const loaded = new Map<Lang, Catalogue>();
const loadCatalogue = (lang: Exclude<Lang, 'en'>) =>
  LOADERS[lang]().then(({ catalogue }) => {
    loaded.set(lang, catalogue);
    return catalogue;
  });

// Made on first use: a formatter costs tens of milliseconds on a slow phone (src/shared/format.ts).
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function numberFormat(locale: string, decimals: 0 | 2) {
  const key = `${locale}:${decimals}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    numberFormats.set(key, format);
  }
  return format;
}

/** An amount with the language's digit grouping (Latin digits): whole numbers without decimals, others with two. */
export const formatAmount = (lang: Lang, value: number) =>
  numberFormat(LANGUAGE_LOCALES[lang], Number.isInteger(value) ? 0 : 2).format(value);

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar date ('2026-11-22'): "22 Nov 2026" in English (docs/PRODUCT.md "Constants"), Intl's in the others. */
export function formatGuestDate(lang: Lang, isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return isoDate;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Fixed English months: ICU versions differ ("Sep" vs "Sept"), screens and tests must not.
  if (lang === 'en') return `${day} ${SHORT_MONTHS[month - 1]} ${year}`;
  let format = dateFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(LANGUAGE_LOCALES[lang], {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    dateFormats.set(lang, format);
  }
  return format.format(new Date(Date.UTC(year, month - 1, day)));
}

export interface GuestI18n {
  lang: Lang;
  t: Messages;
  /** The shown language's whole catalogue; undefined in English, whose other parts load with their screens. */
  catalogue: Catalogue | undefined;
  /** The guest's choice: shown once its catalogue has arrived, and remembered on this phone. */
  setLang: (lang: Lang) => void;
  /** The hotel location's default language, used when neither the guest nor the phone has chosen one. */
  setLocationDefault: (lang: string | null | undefined) => void;
  /** A validity date for this language. */
  date: (isoDate: string) => string;
  /** An offer's value as guests see it: "20% OFF", "₹150 OFF" (docs/PRODUCT.md "Constants"), or its translation. */
  offerValue: (type: OfferType, value: number) => string;
  /** A schema's or the server's English message in this language when the catalogue has it, else as sent. */
  message: (text: string) => string;
}

// English message → its key, from the catalogue itself: en.ts holds the same words as the schemas and the server.
const MESSAGE_KEYS = new Map<string, [keyof Messages, string]>();
for (const group of ['messages', 'status'] as const)
  for (const [key, text] of Object.entries(en[group])) MESSAGE_KEYS.set(text, [group, key]);

/** An offer's value in a language's words, from its catalogue's `offers` group. */
export const offerValueIn = (lang: Lang, t: Messages, type: OfferType, value: number) =>
  type === 'percentage'
    ? t.offers.percentOff(formatAmount(lang, value))
    : t.offers.rupeesOff(formatAmount(lang, value));

function i18nFor(
  lang: Lang,
  catalogue: Catalogue | undefined,
  setLang: (lang: Lang) => void,
  setLocationDefault: (lang: string | null | undefined) => void,
): GuestI18n {
  const t = catalogue?.messages ?? en;
  return {
    lang,
    t,
    catalogue,
    setLang,
    setLocationDefault,
    date: (isoDate) => formatGuestDate(lang, isoDate),
    offerValue: (type, value) => offerValueIn(lang, t, type, value),
    message: (text) => {
      const found = MESSAGE_KEYS.get(text);
      if (!found) return text;
      const group = t[found[0]] as Record<string, unknown>;
      const translated = group[found[1]];
      return typeof translated === 'string' ? translated : text;
    },
  };
}

const GuestI18nContext = createContext<GuestI18n>(
  i18nFor(
    'en',
    undefined,
    () => {},
    () => {},
  ),
);

export function GuestI18nProvider({ children }: { children: ReactNode }) {
  const [choice, setChoice] = useState<string | null>(storedChoice);
  const [locationDefault, setLocationDefault] = useState<string | null | undefined>(undefined);
  const wanted = pickGuestLanguage(choice, phoneLanguages(), locationDefault);
  const [catalogues, setCatalogues] = useState<ReadonlyMap<Lang, Catalogue>>(() => new Map(loaded));
  // Until the wanted catalogue has arrived (a few KB) the page stays in the language it showed, dates included.
  const ready = wanted === 'en' || catalogues.has(wanted);
  const [lastShown, setLastShown] = useState<Lang>(ready ? wanted : 'en');
  if (ready && lastShown !== wanted) setLastShown(wanted);
  const shown = ready ? wanted : lastShown;

  useEffect(() => {
    if (wanted === 'en' || catalogues.has(wanted)) return;
    let current = true;
    loadCatalogue(wanted)
      .then((catalogue) => {
        if (current) setCatalogues((old) => new Map(old).set(wanted, catalogue));
      })
      .catch((error: unknown) => console.error(`Could not load the ${wanted} texts`, error));
    return () => {
      current = false;
    };
  }, [wanted, catalogues]);

  // The page's language for screen readers, hyphenation and the script's font; the other pages are English.
  useEffect(() => {
    document.documentElement.lang = shown;
    return () => {
      document.documentElement.lang = 'en';
    };
  }, [shown]);

  const value = useMemo(() => {
    const setLang = (next: Lang) => {
      try {
        localStorage.setItem(STORAGE_KEY, next);
      } catch {
        // storage disabled: the choice lasts for this visit
      }
      setChoice(next);
    };
    return i18nFor(shown, shown === 'en' ? undefined : catalogues.get(shown), setLang, setLocationDefault);
  }, [shown, catalogues]);

  return <GuestI18nContext value={value}>{children}</GuestI18nContext>;
}

export const useGuestI18n = (): GuestI18n => use(GuestI18nContext);
