/**
 * The words of a guest's reminders and review request (docs/PRODUCT.md "Reminders"), in each language's catalogue
 * (platform/guest-texts/<language>.ts). The whole message (wholeMessage: links included) is what WhatsApp,
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
