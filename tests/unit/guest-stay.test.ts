import { describe, expect, it } from 'vitest';
import type { OfferRules } from '../../src/shared/offer-rules';
import { en } from '../../src/web/features/guest/i18n/en';
import { catalogue as hindi } from '../../src/web/features/guest/i18n/catalogue-hi';

const hi = hindi.messages;
import { formatGuestDate, type Lang } from '../../src/web/features/guest/i18n/i18n';
import { stayUse } from '../../src/web/features/guest/offer-rules-view';

/**
 * docs/PRODUCT.md "Offer rules", the stay: an offer of no use on any day from today to check-out is not offered; the
 * others say when they can be used if not every day. 2026-11-16 is a Monday.
 */
const words = (lang: Lang) => ({ lang, t: lang === 'en' ? en : hi, date: (d: string) => formatGuestDate(lang, d) });
const offer = (rules: Partial<OfferRules>, validityTo = '2026-12-31') => ({
  redeem_weekdays: null,
  blackout_dates: null,
  min_bill: null,
  max_party: null,
  per_guest_days: null,
  validity_from: '2026-11-01',
  validity_to: validityTo,
  ...rules,
});
const use = (rules: Partial<OfferRules>, from: string, to: string, validityTo?: string) =>
  stayUse(offer(rules, validityTo), from, to, words('en'));

describe('stayUse', () => {
  it('says nothing of an offer usable every day of the stay', () => {
    expect(use({}, '2026-11-16', '2026-11-19')).toEqual({ usable: true });
    expect(use({ redeem_weekdays: [1, 2, 3, 4, 5] }, '2026-11-16', '2026-11-20')).toEqual({ usable: true });
  });

  it('leaves out an offer of no use on any day of the stay: weekdays, blackout, validity', () => {
    expect(use({ redeem_weekdays: [6, 7] }, '2026-11-16', '2026-11-19')).toEqual({ usable: false });
    expect(use({ blackout_dates: [{ from: '2026-11-15', to: '2026-11-20' }] }, '2026-11-16', '2026-11-19')).toEqual({
      usable: false,
    });
    expect(use({}, '2026-11-16', '2026-11-19', '2026-11-15')).toEqual({ usable: false });
  });

  it('names the usable days of a stay of a week or less', () => {
    expect(use({ redeem_weekdays: [1, 2, 3, 4, 5] }, '2026-11-16', '2026-11-22')).toEqual({
      usable: true,
      line: 'Use on Mon–Fri: 5 of your 7 days',
    });
    expect(use({ redeem_weekdays: [1, 2, 3, 4, 5] }, '2026-11-19', '2026-11-22').line).toBe(
      'Use on Thu, Fri: 2 of your 4 days',
    );
    expect(use({ blackout_dates: [{ from: '2026-11-17', to: '2026-11-18' }] }, '2026-11-16', '2026-11-19').line).toBe(
      'Use on Mon, Thu: 2 of your 4 days',
    );
    // The offer's validity ends during the stay.
    expect(use({}, '2026-11-16', '2026-11-19', '2026-11-18').line).toBe('Use on Mon–Wed: 3 of your 4 days');
  });

  it("names the offer's weekdays on a longer stay, else counts the days", () => {
    expect(use({ redeem_weekdays: [1, 2, 3, 4, 5] }, '2026-11-16', '2026-11-29').line).toBe(
      'Use on Mon–Fri: 10 of your 14 days',
    );
    expect(use({ blackout_dates: [{ from: '2026-11-20', to: '2026-11-21' }] }, '2026-11-16', '2026-11-29').line).toBe(
      'Use on 12 of your 14 days',
    );
  });

  it('speaks Hindi too', () => {
    expect(stayUse(offer({ redeem_weekdays: [1, 2, 3, 4, 5] }), '2026-11-19', '2026-11-22', words('hi')).line).toBe(
      'गुरु, शुक्र को इस्तेमाल करें: आपके 4 में से 2 दिन',
    );
  });
});
