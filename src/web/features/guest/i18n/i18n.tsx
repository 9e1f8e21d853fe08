import { createContext, use, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { OfferType } from '../../../../shared/format';
import { en, type Messages } from './en';

/**
 * The guest flow's language (docs/PRODUCT.md "Screens"): English by default, Hindi when picked in the header; the
 * choice is kept on the phone (localStorage). Hindi's texts are a separate file fetched on first use.
 */
export type Lang = 'en' | 'hi';
const STORAGE_KEY = 'stayperks-guest-lang';

/**
 * Each language's name as that language writes it, with the Latin name after a non-Latin one ("हिन्दी · Hindi"):
 * whoever reads the page finds their own language, and the Latin name still reads where a script's font is missing.
 * The same in every language (not in the catalogues).
 */
export const LANGUAGE_NAMES: Record<Lang, readonly string[]> = { en: ['English'], hi: ['हिन्दी', 'Hindi'] };
const LOCALES: Record<Lang, string> = { en: 'en-IN', hi: 'hi-IN' };

function storedLang(): Lang {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'hi' ? 'hi' : 'en';
  } catch {
    return 'en';
  }
}

let hindi: Messages | undefined;
const loadHindi = () => import('./hi').then((module) => (hindi = module.hi));

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

/** An amount with the language's digit grouping: whole numbers without decimals, others with two. */
export const formatAmount = (lang: Lang, value: number) =>
  numberFormat(LOCALES[lang], Number.isInteger(value) ? 0 : 2).format(value);

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar date ('2026-11-22'): "22 Nov 2026" in English (docs/PRODUCT.md "Constants"), Intl's hi-IN in Hindi. */
export function formatGuestDate(lang: Lang, isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return isoDate;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Fixed English months: ICU versions differ ("Sep" vs "Sept"), screens and tests must not.
  if (lang === 'en') return `${day} ${SHORT_MONTHS[month - 1]} ${year}`;
  let format = dateFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[lang], {
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
  setLang: (lang: Lang) => void;
  /** A validity date for this language. */
  date: (isoDate: string) => string;
  /** An offer's value as guests see it: "20% OFF", "₹150 OFF" (docs/PRODUCT.md "Constants"), or the Hindi. */
  offerValue: (type: OfferType, value: number) => string;
  /** A schema's or the server's English message in this language when the catalogue has it, else as sent. */
  message: (text: string) => string;
}

// English message → its key, from the catalogue itself: en.ts holds the same words as the schemas and the server.
const MESSAGE_KEYS = new Map<string, [keyof Messages, string]>();
for (const group of ['messages', 'status'] as const)
  for (const [key, text] of Object.entries(en[group])) MESSAGE_KEYS.set(text, [group, key]);

function i18nFor(lang: Lang, t: Messages, setLang: (lang: Lang) => void): GuestI18n {
  return {
    lang,
    t,
    setLang,
    date: (isoDate) => formatGuestDate(lang, isoDate),
    offerValue: (type, value) =>
      type === 'percentage'
        ? t.offers.percentOff(formatAmount(lang, value))
        : t.offers.rupeesOff(formatAmount(lang, value)),
    message: (text) => {
      const found = MESSAGE_KEYS.get(text);
      if (!found) return text;
      const group = t[found[0]] as Record<string, unknown>;
      const translated = group[found[1]];
      return typeof translated === 'string' ? translated : text;
    },
  };
}

const GuestI18nContext = createContext<GuestI18n>(i18nFor('en', en, () => {}));

export function GuestI18nProvider({ children }: { children: ReactNode }) {
  const [lang, setLangState] = useState<Lang>(storedLang);
  const [hi, setHi] = useState<Messages | undefined>(hindi);
  // Until Hindi has arrived (a few KB, precached for offline) the page stays in English, dates included.
  const shown: Lang = lang === 'hi' && hi ? 'hi' : 'en';

  useEffect(() => {
    if (lang !== 'hi' || hi) return;
    let current = true;
    loadHindi()
      .then((loaded) => {
        if (current) setHi(loaded);
      })
      .catch((error: unknown) => console.error('Could not load the Hindi texts', error));
    return () => {
      current = false;
    };
  }, [lang, hi]);

  // The page's language for screen readers and hyphenation; the other pages are English.
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
      setLangState(next);
    };
    return i18nFor(shown, shown === 'hi' && hi ? hi : en, setLang);
  }, [shown, hi]);

  return <GuestI18nContext value={value}>{children}</GuestI18nContext>;
}

export const useGuestI18n = (): GuestI18n => use(GuestI18nContext);
