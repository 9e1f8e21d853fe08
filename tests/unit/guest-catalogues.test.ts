import { describe, expect, it } from 'vitest';
import { GUEST_TEXTS } from '../../src/server/platform/guest-texts';
import { GUEST_LANGUAGES, LANGUAGE_SCRIPTS, type GuestLanguage } from '../../src/shared/guest-languages';
import { rulesEn } from '../../src/shared/rule-texts/en';
import { en } from '../../src/web/features/guest/i18n/en';
import { WEB_CATALOGUES } from '../support/guest-catalogues';

/**
 * One text catalogue per language (docs/DEVELOPING.md "Languages"): the web's (catalogue-<language>.ts, with the
 * offers' rules from src/shared/rule-texts) and the server's (platform/guest-texts/<language>.ts). Every language has
 * exactly English's keys, each of the same kind, every text shows the same values English shows (its placeholders),
 * and every sentence is written in the language's script.
 */
const OTHERS = GUEST_LANGUAGES.filter((lang): lang is Exclude<GuestLanguage, 'en'> => lang !== 'en');

/** Each language's whole catalogue, web and server, as one tree. */
const catalogueOf = (lang: GuestLanguage) => ({
  web: WEB_CATALOGUES[lang],
  server: GUEST_TEXTS[lang],
});

/** Every leaf of a catalogue: its path and its value (a text, a number, or a function of the values it shows). */
function leaves(node: unknown, prefix = '', found = new Map<string, unknown>()): Map<string, unknown> {
  if (typeof node === 'object' && node !== null)
    for (const [key, value] of Object.entries(node)) leaves(value, prefix ? `${prefix}.${key}` : key, found);
  else found.set(prefix, node);
  return found;
}

/**
 * What a text shows of its values: called with a marked value for each argument (an object argument gives a marked
 * value for each field it reads; a number argument is tried as 1 and as 2 so both plural forms are seen), the marks
 * found in what it returns.
 */
function placeholders(text: unknown): string[] {
  if (typeof text !== 'function') return [];
  const shown = new Set<string>();
  for (const count of [1, 2]) {
    const argument = (index: number): unknown =>
      new Proxy(
        {},
        {
          get: (_, key) => {
            if (key === Symbol.toPrimitive) return (hint: string) => (hint === 'number' ? count : `⟦${index}⟧`);
            if (key === 'toString' || key === 'valueOf') return () => `⟦${index}⟧`;
            if (key === 'count') return count;
            return `⟦${index}.${String(key)}⟧`;
          },
        },
      );
    const result = (text as (...args: unknown[]) => unknown)(
      ...Array.from({ length: text.length }, (_, i) => argument(i)),
    );
    for (const mark of JSON.stringify(result).matchAll(/⟦[^⟧]+⟧/g)) shown.add(mark[0]);
  }
  return [...shown].sort();
}

/** A text's words once product names, codes and placeholders are taken out: what must be in the language's script. */
const BRAND_WORDS =
  /StayPerks|WhatsApp|Google(?: Maps| Wallet)?|Gupshup|Meta|Apple|QR|PDF|SMS|OTP|iPhone|Safari|Android|Chrome|Add to Home Screen|⟦[^⟧]+⟧/g;

const SCRIPT_RANGES: Record<string, RegExp> = {
  devanagari: /[\u0900-\u097F]/,
  tamil: /[\u0B80-\u0BFF]/,
  telugu: /[\u0C00-\u0C7F]/,
  kannada: /[\u0C80-\u0CFF]/,
  malayalam: /[\u0D00-\u0D7F]/,
  bengali: /[\u0980-\u09FF]/,
};

/** Texts that are the same in every language: a label, a code or a value the merchant and the guest both read. */
const SAME_IN_EVERY_LANGUAGE = new Set(['web.messages.voucher.pdf', 'server.pages.lang']);

/** The date formatter: it takes a date, not a value to show. */
const DATE_FORMAT = 'server.reminders.date';

function sample(text: unknown, path: string): string {
  if (path === DATE_FORMAT) return (text as (isoDate: string) => string)('2026-11-28');
  if (typeof text !== 'function') return String(text);
  return JSON.stringify((text as (...args: unknown[]) => unknown)(...Array.from({ length: text.length }, () => 2)));
}

describe('the guest catalogues', () => {
  const english = leaves(catalogueOf('en'));

  it('English is complete: the rules are the shared ones, and the tree is large', () => {
    expect(en.rules).toBe(rulesEn);
    expect(english.size).toBeGreaterThan(250);
  });

  it.each(OTHERS)('%s has exactly English’s keys, each of the same kind', (lang) => {
    const theirs = leaves(catalogueOf(lang));
    const missing = [...english.keys()].filter((path) => !theirs.has(path));
    const extra = [...theirs.keys()].filter((path) => !english.has(path));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    for (const [path, value] of english) expect(typeof theirs.get(path), path).toBe(typeof value);
  });

  it.each(OTHERS)('%s shows the same values as English in every text (its placeholders)', (lang) => {
    const theirs = leaves(catalogueOf(lang));
    for (const [path, value] of english) {
      if (typeof value !== 'function' || path === DATE_FORMAT) continue;
      expect(placeholders(theirs.get(path)), path).toEqual(placeholders(value));
    }
  });

  it.each(OTHERS)('%s is written in its own script: no sentence left in English', (lang) => {
    const script = SCRIPT_RANGES[LANGUAGE_SCRIPTS[lang]]!;
    const untranslated: string[] = [];
    for (const [path, value] of leaves(catalogueOf(lang))) {
      if (SAME_IN_EVERY_LANGUAGE.has(path) || typeof value === 'number') continue;
      const text = sample(value, path);
      const words = text.replace(BRAND_WORDS, '');
      if (/[a-z]{3,}/i.test(words) && !script.test(text)) untranslated.push(`${path}: ${text}`);
    }
    expect(untranslated).toEqual([]);
  });

  it.each(OTHERS)('%s names the page’s language as the server catalogue’s `lang`', (lang) => {
    expect(GUEST_TEXTS[lang].pages.lang).toBe(lang);
  });
});
