import type { GuestLanguage } from '../../../shared/guest-languages';

/**
 * The words of a guest's reminders and review request (docs/PRODUCT.md "Reminders"), one object per language with
 * the same keys (tests/unit/reminder-texts.test.ts). The whole message (wholeMessage: links included) is what WhatsApp,
 * SMS and the log provider send, so it stays near 300 characters (names are clipped to
 * fit, see reminders.compose.ts). The opt-out is the link in every message, never a "reply STOP". The review request
 * asks for nothing first (no rating of our own, no "if you liked it") and never mentions vouchers: a review is never
 * traded for one (docs/PRODUCT.md "Reviews").
 */
export interface ReminderTexts {
  /** A calendar date ('2026-11-28') as the guest reads it. */
  date: (isoDate: string) => string;
  /** The opt-out link's words, and the notification's action that opens it. */
  stop: string;
  checkoutTitle: (count: number) => string;
  checkout: (v: { name: string; count: number; hotel: string }) => Sentence;
  expiryTitle: string;
  expiry: (v: { name: string; offer: string; merchant: string; date: string }) => Sentence;
  reviewTitle: (hotel: string) => string;
  review: (v: { name: string; hotel: string }) => Sentence;
}

/**
 * A message's words without its links: `line` is also a notification's body (a tap opens the link, so a push shows
 * no address), `link` the words before the message's link.
 */
export interface Sentence {
  line: string;
  link: string;
}

/** The whole message, as WhatsApp, SMS and the log provider send it: the sentence, its link, the opt-out link. */
export const wholeMessage = (texts: ReminderTexts, sentence: Sentence, url: string, optOut: string) =>
  `${sentence.line} ${sentence.link}: ${url} ${texts.stop}: ${optOut}`;

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dateParts = (isoDate: string) => isoDate.split('-').map(Number) as [number, number, number];

let hindiDates: Intl.DateTimeFormat | undefined;

const en: ReminderTexts = {
  // "28 Nov 2026", as every screen writes a date (docs/PRODUCT.md "Constants").
  date: (isoDate) => {
    const [year, month, day] = dateParts(isoDate);
    return `${day} ${SHORT_MONTHS[month - 1]} ${year}`;
  },
  stop: 'Stop messages',
  checkoutTitle: (count) => `You have ${count} unused ${count === 1 ? 'voucher' : 'vouchers'}`,
  checkout: ({ name, count, hotel }) => ({
    line: `Hi ${name}, you have ${count} unused ${count === 1 ? 'voucher' : 'vouchers'} from your stay at ${hotel}.`,
    link: `See ${count === 1 ? 'it' : 'them'}`,
  }),
  expiryTitle: 'Your voucher ends soon',
  expiry: ({ name, offer, merchant, date }) => ({
    line: `Hi ${name}, your ${merchant} voucher ("${offer}") is valid until ${date}.`,
    link: 'See it',
  }),
  reviewTitle: (hotel) => `How was your stay at ${hotel}?`,
  review: ({ name, hotel }) => ({
    line: `Hi ${name}, thanks for staying at ${hotel}.`,
    link: 'Share your experience on Google',
  }),
};

const hi: ReminderTexts = {
  // The guest page's Hindi dates ("28 नव॰ 2026", features/guest/i18n formatGuestDate).
  date: (isoDate) => {
    const [year, month, day] = dateParts(isoDate);
    hindiDates ??= new Intl.DateTimeFormat('hi-IN', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    return hindiDates.format(new Date(Date.UTC(year, month - 1, day)));
  },
  stop: 'संदेश बंद करें',
  checkoutTitle: (count) => `आपके ${count} वाउचर अभी इस्तेमाल नहीं हुए हैं`,
  checkout: ({ name, count, hotel }) => ({
    line: `नमस्ते ${name}, ${hotel} में आपके ठहराव के ${count} वाउचर अभी इस्तेमाल नहीं हुए हैं।`,
    link: 'देखें',
  }),
  expiryTitle: 'आपका वाउचर जल्द ख़त्म हो रहा है',
  expiry: ({ name, offer, merchant, date }) => ({
    line: `नमस्ते ${name}, ${merchant} पर आपका वाउचर ("${offer}") ${date} तक मान्य है।`,
    link: 'देखें',
  }),
  reviewTitle: (hotel) => `${hotel} में आपका ठहराव कैसा रहा?`,
  review: ({ name, hotel }) => ({
    line: `नमस्ते ${name}, ${hotel} में ठहरने के लिए धन्यवाद।`,
    link: 'Google पर अपना अनुभव बताएँ',
  }),
};

export const REMINDER_TEXTS: Record<GuestLanguage, ReminderTexts> = { en, hi };
