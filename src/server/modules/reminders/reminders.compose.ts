import { and, count, eq, gte, isNull, sql } from 'drizzle-orm';
import { addDays, todayIn } from '../../../shared/dates';
import { isGuestLanguage } from '../../../shared/guest-languages';
import { ERASED_MOBILE } from '../../../shared/privacy';
import { googleReviewLink } from '../../../shared/review-link';
import type { Db } from '../../db/client';
import type { Composed, ComposedMessage, Composer } from '../messages/messages.job';
import { coupons } from '../coupons/table';
import { customerScans } from '../customer-scans/table';
import { hotels } from '../hotels/table';
import { merchants } from '../merchants/table';
import { offers } from '../offers/table';
import { guestLinkUrl, signGuestLink } from './guest-links';
import { GUEST_TEXTS, wholeMessage, type Sentence } from '../../platform/guest-texts';
import { startOfDayIn, vouchersTokenLastDay } from './vouchers-token';

/**
 * The composers of a guest's reminders and review request (docs/PRODUCT.md "Reminders"): just before the outbox sends
 * one (modules/messages/messages.job.ts), its scan is read again, so a message queued at midnight never goes to a
 * guest who has since opted out, been erased or anonymised, and never tells an old story (every voucher used since,
 * that voucher redeemed): such a message is cancelled, with the reason in `last_error`. Otherwise the answer is the
 * params every channel reads: `language`, `title`, `text` (the whole message, links included), `url`, `opt_out_url`,
 * `vouchers_url`, `first_name`, `hotel`, and per kind `count` (checkout), `merchant`, `offer`, `expires_on` (expiry).
 */
export interface ReminderWiring {
  /** The signing secret, read at each send (the server loads it after start-up). */
  secret: () => string;
  /** The public origin the links are on (PUBLIC_URL, else the server's own address). */
  origin: string;
  timeZone: string;
  /** Tests pin "today". */
  now?: () => Date;
}

/** The opt-out link outlives the vouchers link by this many days. */
export const OPT_OUT_LINK_EXTRA_DAYS = 30;

/**
 * Names clipped so a whole message, two links included, stays near 300 characters (an SMS of a few parts, a
 * notification's body): a long merchant or offer name loses its end, never the links.
 */
const clip = (text: string, max: number) => {
  const single = text.replace(/\s+/g, ' ').trim();
  return single.length <= max ? single : `${single.slice(0, max - 1).trimEnd()}…`;
};
const firstNameOf = (name: string) => clip(name.trim().split(/\s+/)[0] ?? '', 20);

export function reminderComposers(wiring: ReminderWiring): Partial<Record<ComposedMessage['kind'], Composer>> {
  const compose: Composer = (db, message) => composeReminder(db, message, wiring);
  return { checkout_reminder: compose, expiry_reminder: compose, review_request: compose };
}

async function composeReminder(db: Db, message: ComposedMessage, wiring: ReminderWiring): Promise<Composed> {
  const { timeZone } = wiring;
  const today = todayIn(timeZone, (wiring.now ?? (() => new Date()))());
  if (!message.scanId) return { cancel: 'no scan to write about' };
  const unused = and(eq(coupons.isRedeemed, false), isNull(coupons.cancelledAt), gte(offers.validityTo, today));
  const [scan] = await db
    .select({
      name: customerScans.customerName,
      mobile: customerScans.mobileNumber,
      language: customerScans.language,
      optIn: customerScans.remindersOptIn,
      optedOutAt: customerScans.remindersOptedOutAt,
      anonymisedAt: customerScans.anonymisedAt,
      hotel: hotels.name,
      placeId: hotels.googlePlaceId,
      googleLink: hotels.googleLink,
      checkoutDate: customerScans.checkoutDate,
      // The stay's latest voucher expiry (cancelled ones left out): the links' lifetime.
      latestValidity: sql<string | null>`(
        select max(${offers.validityTo}) from ${coupons} join ${offers} on ${offers.id} = ${coupons.offerId}
        where ${coupons.scanId} = ${customerScans.id} and ${coupons.cancelledAt} is null)`.mapWith(offers.validityTo),
    })
    .from(customerScans)
    .innerJoin(hotels, eq(hotels.id, customerScans.hotelId))
    .where(eq(customerScans.id, message.scanId));
  if (!scan) return { cancel: 'no scan to write about' };
  if (scan.anonymisedAt || scan.mobile === ERASED_MOBILE) return { cancel: 'guest data erased' };
  if (scan.optedOutAt) return { cancel: 'guest opted out' };
  if (!scan.optIn) return { cancel: 'no consent to reminders' };

  const language = isGuestLanguage(scan.language) ? scan.language : 'en';
  const texts = GUEST_TEXTS[language].reminders;
  const secret = wiring.secret();
  // The vouchers link lasts as the claim's guest_token does (vouchers-token.ts): to the end of the day after the stay's
  // latest voucher expiry, at most check-out + 30 days, at least the end of tomorrow; the opt-out link 30 days longer.
  const lastDay = vouchersTokenLastDay(scan.checkoutDate, scan.latestValidity ? [scan.latestValidity] : [], today);
  const vouchersUntil = startOfDayIn(addDays(lastDay, 1), timeZone);
  const optOutUntil = startOfDayIn(addDays(lastDay, 1 + OPT_OUT_LINK_EXTRA_DAYS), timeZone);
  const vouchersUrl = guestLinkUrl(
    wiring.origin,
    'vouchers',
    signGuestLink(secret, 'vouchers', message.scanId, vouchersUntil),
  );
  const optOutUrl = guestLinkUrl(
    wiring.origin,
    'opt_out',
    signGuestLink(secret, 'opt_out', message.scanId, optOutUntil),
  );
  const name = firstNameOf(scan.name);
  const hotel = clip(scan.hotel, 40);
  const common = {
    language,
    first_name: name,
    hotel,
    vouchers_url: vouchersUrl,
    opt_out_url: optOutUrl,
    stop_label: texts.stop,
  };
  // The whole message, and its sentence alone (a notification's body: a tap opens the link).
  const words = (sentence: Sentence, url: string) => ({
    text: wholeMessage(texts, sentence, url, optOutUrl),
    body: sentence.line,
    url,
  });

  switch (message.kind) {
    case 'checkout_reminder': {
      const [left] = await db
        .select({ n: count() })
        .from(coupons)
        .innerJoin(offers, eq(offers.id, coupons.offerId))
        .where(and(eq(coupons.scanId, message.scanId), unused));
      const n = left?.n ?? 0;
      if (n === 0) return { cancel: 'no unused vouchers left' };
      return {
        params: {
          ...common,
          title: texts.checkoutTitle(n),
          ...words(texts.checkout({ name, count: n, hotel }), vouchersUrl),
          count: String(n),
        },
      };
    }
    case 'expiry_reminder': {
      const [voucher] = await db
        .select({
          redeemed: coupons.isRedeemed,
          cancelledAt: coupons.cancelledAt,
          validityTo: offers.validityTo,
          offer: offers.offerName,
          merchant: merchants.name,
        })
        .from(coupons)
        .innerJoin(offers, eq(offers.id, coupons.offerId))
        .innerJoin(merchants, eq(merchants.id, coupons.merchantId))
        .where(and(eq(coupons.id, message.key), eq(coupons.scanId, message.scanId)));
      if (!voucher) return { cancel: 'voucher not found' };
      if (voucher.redeemed) return { cancel: 'voucher redeemed' };
      if (voucher.cancelledAt) return { cancel: 'voucher cancelled' };
      if (voucher.validityTo < today) return { cancel: 'voucher expired' };
      const offer = clip(voucher.offer, 25);
      const merchant = clip(voucher.merchant, 30);
      const date = texts.date(voucher.validityTo);
      return {
        params: {
          ...common,
          title: texts.expiryTitle,
          ...words(texts.expiry({ name, offer, merchant, date }), vouchersUrl),
          merchant,
          offer,
          expires_on: date,
        },
      };
    }
    case 'review_request': {
      const reviewUrl = googleReviewLink(scan.placeId, scan.googleLink);
      if (!reviewUrl) return { cancel: 'the hotel has no Google review link' };
      return {
        params: {
          ...common,
          title: texts.reviewTitle(hotel),
          ...words(texts.review({ name, hotel }), reviewUrl),
        },
      };
    }
    default:
      return { cancel: `no composer for ${message.kind}` };
  }
}
