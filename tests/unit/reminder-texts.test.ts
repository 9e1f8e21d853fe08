import { describe, expect, it } from 'vitest';
import { GUEST_LANGUAGES } from '../../src/shared/guest-languages';
import { GUEST_TEXTS, wholeMessage, type ReminderTexts } from '../../src/server/platform/guest-texts';
import { PRIVACY_REMINDERS_EN } from '../../src/web/features/guest/privacy-texts';
import { en } from '../../src/web/features/guest/i18n/en';
import { catalogue as hindi } from '../../src/web/features/guest/i18n/catalogue-hi';

const hi = hindi.messages;
const REMINDER_TEXTS = Object.fromEntries(
  Object.entries(GUEST_TEXTS).map(([language, texts]) => [language, texts.reminders]),
) as Record<keyof typeof GUEST_TEXTS, ReminderTexts>;
const PRIVACY_REMINDER_TEXTS = { en: PRIVACY_REMINDERS_EN, hi: hindi.privacy };

/** The words of reminders and review requests (docs/PRODUCT.md "Reminders"), one object per language. */
describe('the reminder texts', () => {
  const english = REMINDER_TEXTS.en;
  const kinds = (texts: ReminderTexts) =>
    Object.fromEntries(Object.entries(texts).map(([key, value]) => [key, typeof value]));

  it('every language has every English key, of the same kind, and no other', () => {
    expect(Object.keys(REMINDER_TEXTS).sort()).toEqual([...GUEST_LANGUAGES].sort());
    for (const language of GUEST_LANGUAGES) expect(kinds(REMINDER_TEXTS[language]), language).toEqual(kinds(english));
  });

  // The longest a message gets: names clipped as the composer clips them (a first name 20, a hotel 40, an offer 25, a merchant 30 characters), links on a
  // 20-character origin with 53-character tokens, a long Google review link.
  const link = (path: string) => `https://stayperks.in/${path}/${'x'.repeat(30)}.${'y'.repeat(22)}`;
  const long = {
    name: 'N'.repeat(20),
    hotel: 'H'.repeat(40),
    offer: 'O'.repeat(25),
    merchant: 'M'.repeat(30),
    url: link('v'),
    optOut: link('o'),
  };
  const review = `https://search.google.com/local/writereview?placeid=${'p'.repeat(27)}`;
  const messages = (t: ReminderTexts) => ({
    checkout: wholeMessage(t, t.checkout({ ...long, count: 3 }), long.url, long.optOut),
    expiry: wholeMessage(t, t.expiry({ ...long, date: t.date('2026-11-28') }), long.url, long.optOut),
    review: wholeMessage(t, t.review(long), review, long.optOut),
  });

  it("a notification's body is the sentence alone: no address in it", () => {
    for (const language of GUEST_LANGUAGES) {
      const t = REMINDER_TEXTS[language];
      for (const sentence of [t.checkout({ ...long, count: 2 }), t.expiry({ ...long, date: '28 Nov' }), t.review(long)])
        expect(sentence.line, language).not.toMatch(/https?:/);
    }
  });

  it('each message holds its links and the opt-out link, near 300 characters (310 at most), and never "reply STOP"', () => {
    for (const language of GUEST_LANGUAGES) {
      for (const [kind, text] of Object.entries(messages(REMINDER_TEXTS[language]))) {
        const where = `${language} ${kind}`;
        expect(text.length, where).toBeLessThanOrEqual(310);
        expect(text, where).toContain(long.optOut);
        expect(text, where).not.toMatch(/stop\b.*reply|reply.*stop/i);
        expect(text, where).not.toMatch(/STOP/);
        if (kind !== 'review') expect(text, where).toContain(long.url);
        expect(text, where).toContain(long.name);
      }
    }
  });

  it('Hindi is written in Hindi; the review request asks for no rating and names no voucher', () => {
    for (const text of [...Object.values(messages(REMINDER_TEXTS.hi)), REMINDER_TEXTS.hi.expiryTitle])
      expect(text).toMatch(/[\u0900-\u097F]/);
    expect(REMINDER_TEXTS.hi.checkoutTitle(2)).toMatch(/[\u0900-\u097F]/);
    expect(messages(english).review).not.toMatch(/voucher|star|rate|rating/i);
    expect(messages(REMINDER_TEXTS.hi).review).not.toMatch(/वाउचर|स्टार|रेटिंग/);
  });

  it('dates and counts read as the guest page writes them', () => {
    expect(english.date('2026-11-28')).toBe('28 Nov 2026');
    expect(REMINDER_TEXTS.hi.date('2026-11-28')).toMatch(/^28 \S+ 2026$/);
    expect(english.checkoutTitle(1)).toBe('You have 1 unused voucher');
    expect(english.checkoutTitle(3)).toBe('You have 3 unused vouchers');
  });
});

/** The privacy notice's sections on reminders (docs/PRIVACY.md "Reminders and review requests"). */
describe("the privacy notice's reminder sections", () => {
  it('Hindi has every English key, in Hindi; both quote the box as the details step words it', () => {
    expect(Object.keys(PRIVACY_REMINDER_TEXTS.hi).sort()).toEqual(Object.keys(PRIVACY_REMINDER_TEXTS.en).sort());
    for (const text of Object.values(PRIVACY_REMINDER_TEXTS.hi)) expect(text).toMatch(/[\u0900-\u097F]/);
    expect(PRIVACY_REMINDER_TEXTS.en.reminders).toContain(`"${en.details.reminders}"`);
    expect(PRIVACY_REMINDER_TEXTS.hi.reminders).toContain(`"${hi.details.reminders}"`);
  });

  it('names each purpose and each processor', () => {
    const { reminders, processors } = PRIVACY_REMINDER_TEXTS.en;
    for (const purpose of ['check-out morning', '48 hours before a voucher expires', 'within 3 days', 'review link'])
      expect(reminders).toContain(purpose);
    expect(reminders).toMatch(/link that stops them/);
    for (const processor of ['Meta (WhatsApp)', 'Gupshup', 'push service', 'Google Wallet', "hotel's review page"])
      expect(processors).toContain(processor);
  });
});
