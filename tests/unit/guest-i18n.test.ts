import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { formatDate, formatOfferValueForGuest } from '../../src/shared/format';
import {
  ALREADY_COLLECTED,
  CHECKOUT_PAST,
  CHECKOUT_REQUIRED,
  CHECKOUT_TOO_FAR,
  CONSENT_REQUIRED,
  guestDetailsSchema,
  NAME_REQUIRED,
  PHONE_INVALID,
  SELECT_AT_LEAST_ONE,
  SELECT_AT_MOST_THREE,
} from '../../src/shared/schemas/scans';
import { describeOfferRules, type OfferRules } from '../../src/shared/offer-rules';
import { en } from '../../src/web/features/guest/i18n/en';
import { catalogue as hindi } from '../../src/web/features/guest/i18n/catalogue-hi';

const hi = hindi.messages;
import { formatAmount, formatGuestDate, type Lang } from '../../src/web/features/guest/i18n/i18n';
import { ruleLines } from '../../src/web/features/guest/offer-rules-view';

/** Every leaf of a catalogue: its path and what it is (a text, or a function of the values it shows). */
function leaves(messages: object, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = `${prefix}${key}`;
    if (typeof value === 'object' && value !== null)
      for (const [inner, kind] of leaves(value as object, `${path}.`)) found.set(inner, kind);
    else found.set(path, typeof value);
  }
  return found;
}

describe('the guest catalogue', () => {
  it('Hindi has every English key, of the same kind, and no other', () => {
    const english = leaves(en);
    const hindi = leaves(hi);
    expect([...hindi.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [path, kind] of english) expect(hindi.get(path), path).toBe(kind);
    expect(english.size).toBeGreaterThan(100);
  });

  it('no Hindi text is empty or left in English where English has a sentence', () => {
    for (const [path] of leaves(en)) {
      const value = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], hi);
      const text = typeof value === 'function' ? (value as (...args: unknown[]) => string)(2, 2) : String(value);
      expect(text.trim(), path).not.toBe('');
      // Every Hindi sentence has Devanagari in it, except the PDF label, and amounts that are only a number and a
      // sign.
      if (
        !['voucher.pdf'].includes(path) &&
        /[a-z]{4,}/i.test(text.replace(/StayPerks|WhatsApp|Google|QR|PDF|iPhone|Safari|Add to Home Screen/g, ''))
      )
        expect(text, path).toMatch(/[\u0900-\u097F]/);
    }
  });

  it("English keeps the product's exact words: the shared schemas' messages are the catalogue's", () => {
    expect(en.messages).toMatchObject({
      nameRequired: NAME_REQUIRED,
      phoneInvalid: PHONE_INVALID,
      checkoutRequired: CHECKOUT_REQUIRED,
      checkoutPast: CHECKOUT_PAST,
      checkoutTooFar: CHECKOUT_TOO_FAR,
      consentRequired: CONSENT_REQUIRED,
      selectAtLeastOne: SELECT_AT_LEAST_ONE,
      selectAtMostThree: SELECT_AT_MOST_THREE,
      alreadyCollected: ALREADY_COLLECTED,
    });
    // Every message the details form can give is in the catalogue (so Hindi has it too).
    const schema = guestDetailsSchema(() => '2026-11-23');
    const messages = new Set(Object.values(en.messages));
    for (const details of [
      { customer_name: '', mobile_number: '1', checkout_date: '', consent: false },
      { customer_name: 'x'.repeat(101), mobile_number: '9812345678', checkout_date: '2020-01-01', consent: true },
      { customer_name: 'A\u0007', mobile_number: '9812345678', checkout_date: '2099-01-01', consent: true },
    ]) {
      for (const issue of v.safeParse(schema, details).issues ?? [])
        expect(messages, issue.message).toContain(issue.message);
    }
    expect(en.selection.confirm(2)).toBe('Confirm 2 Voucher(s)');
  });

  it('formats dates and amounts for the language: English as the rest of the product, Hindi with hi-IN', () => {
    expect(formatGuestDate('en', '2026-11-22')).toBe(formatDate('2026-11-22'));
    expect(formatGuestDate('en', '2026-11-22')).toBe('22 Nov 2026');
    const hindiDate = formatGuestDate('hi', '2026-11-22');
    expect(hindiDate).toMatch(/^22 \S*[\u0900-\u097F]\S* 2026$/);
    expect(formatAmount('en', 123456)).toBe('1,23,456');
    expect(formatAmount('hi', 123456)).toBe('1,23,456');
    expect(formatAmount('hi', 150.5)).toBe('150.50');
    expect(en.offers.percentOff(formatAmount('en', 20))).toBe(formatOfferValueForGuest('percentage', 20));
    expect(en.offers.rupeesOff(formatAmount('en', 1500))).toBe(formatOfferValueForGuest('cash_discount', 1500));
    expect(hi.offers.rupeesOff(formatAmount('hi', 1500))).toBe('₹1,500 की छूट');
  });
});

/** The guest page's words for a language, as useGuestI18n gives them. */
const words = (lang: Lang) => ({ lang, t: lang === 'en' ? en : hi, date: (d: string) => formatGuestDate(lang, d) });

describe('an offer\'s rules on the guest page (docs/PRODUCT.md "Offer rules")', () => {
  const none: OfferRules = {
    redeem_weekdays: null,
    blackout_dates: null,
    min_bill: null,
    max_party: null,
    per_guest_days: null,
  };
  const samples: OfferRules[] = [
    none,
    { ...none, redeem_weekdays: [1, 2, 3, 4, 5] },
    { ...none, redeem_weekdays: [6, 7], max_party: 1, per_guest_days: 1 },
    { ...none, redeem_weekdays: [1, 3, 5], min_bill: 1500 },
    { ...none, redeem_weekdays: [1, 2, 3, 5, 6], min_bill: 499.5, max_party: 4, per_guest_days: 30 },
    { ...none, redeem_weekdays: [1, 2, 3, 4, 5, 6, 7] },
    {
      ...none,
      blackout_dates: [
        { from: '2026-11-01', to: '2026-11-03' },
        { from: '2026-11-14', to: '2026-11-14' },
      ],
    },
  ];

  it.each(samples)('English lines are describeOfferRules word for word: %j', (rules) => {
    expect(ruleLines(rules, words('en'))).toEqual(describeOfferRules(rules));
  });

  it('Hindi has a line for each rule, in Devanagari', () => {
    for (const rules of samples) {
      const lines = ruleLines(rules, words('hi'));
      expect(lines).toHaveLength(describeOfferRules(rules).length);
      for (const line of lines) expect(line).toMatch(/[\u0900-\u097F]/);
    }
    expect(ruleLines(samples[1]!, words('hi'))).toEqual(['केवल सोमवार से शुक्रवार को मान्य']);
  });
});
