import type { GuestLanguage } from '../../../shared/guest-languages';

/**
 * The words of a guest's reminders and review request (docs/PRODUCT.md "Reminders"), one object per language with
 * the same keys (tests/unit/reminder-texts.test.ts). `text` is the whole message, links included: Web Push shows it
 * as the notification's body and the log provider prints it, so it stays near 300 characters (names are clipped to
 * fit, see reminders.compose.ts). The opt-out is the link in every message, never a "reply STOP". The review request
 * asks for nothing first (no rating of our own, no "if you liked it") and never mentions vouchers: a review is never
 * traded for one (docs/PRODUCT.md "Reviews").
 */
export interface ReminderTexts {
  /** A calendar date ('2026-11-28') as the guest reads it. */
  date: (isoDate: string) => string;
  checkoutTitle: (count: number) => string;
  checkout: (v: { name: string; count: number; hotel: string; url: string; optOut: string }) => string;
  expiryTitle: string;
  expiry: (v: { name: string; offer: string; merchant: string; date: string; url: string; optOut: string }) => string;
  reviewTitle: (hotel: string) => string;
  review: (v: { name: string; hotel: string; url: string; optOut: string }) => string;
}

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dateParts = (isoDate: string) => isoDate.split('-').map(Number) as [number, number, number];

let hindiDates: Intl.DateTimeFormat | undefined;

const en: ReminderTexts = {
  // "28 Nov 2026", as every screen writes a date (docs/PRODUCT.md "Constants").
  date: (isoDate) => {
    const [year, month, day] = dateParts(isoDate);
    return `${day} ${SHORT_MONTHS[month - 1]} ${year}`;
  },
  checkoutTitle: (count) => `You have ${count} unused ${count === 1 ? 'voucher' : 'vouchers'}`,
  checkout: ({ name, count, hotel, url, optOut }) =>
    `Hi ${name}, you have ${count} unused ${count === 1 ? 'voucher' : 'vouchers'} from your stay at ${hotel}. ` +
    `See ${count === 1 ? 'it' : 'them'}: ${url} Stop messages: ${optOut}`,
  expiryTitle: 'Your voucher ends soon',
  expiry: ({ name, offer, merchant, date, url, optOut }) =>
    `Hi ${name}, your voucher at ${merchant} ("${offer}") is valid until ${date}: ${url} Stop messages: ${optOut}`,
  reviewTitle: (hotel) => `How was your stay at ${hotel}?`,
  review: ({ name, hotel, url, optOut }) =>
    `Hi ${name}, thanks for staying at ${hotel}. Share your experience on Google: ${url} Stop messages: ${optOut}`,
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
  checkoutTitle: (count) => `आपके ${count} वाउचर अभी इस्तेमाल नहीं हुए हैं`,
  checkout: ({ name, count, hotel, url, optOut }) =>
    `नमस्ते ${name}, ${hotel} में आपके ठहराव के ${count} वाउचर अभी इस्तेमाल नहीं हुए हैं। देखें: ${url} संदेश बंद करें: ${optOut}`,
  expiryTitle: 'आपका वाउचर जल्द ख़त्म हो रहा है',
  expiry: ({ name, offer, merchant, date, url, optOut }) =>
    `नमस्ते ${name}, ${merchant} पर आपका वाउचर ("${offer}") ${date} तक मान्य है: ${url} संदेश बंद करें: ${optOut}`,
  reviewTitle: (hotel) => `${hotel} में आपका ठहराव कैसा रहा?`,
  review: ({ name, hotel, url, optOut }) =>
    `नमस्ते ${name}, ${hotel} में ठहरने के लिए धन्यवाद। Google पर अपना अनुभव बताएँ: ${url} संदेश बंद करें: ${optOut}`,
};

export const REMINDER_TEXTS: Record<GuestLanguage, ReminderTexts> = { en, hi };
