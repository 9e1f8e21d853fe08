import { and, eq, gte, sql } from 'drizzle-orm';
import { addDays } from '../../../shared/dates';
import { effectivePerGuestDays, firstRedeemableDay } from '../../../shared/offer-rules';
import { PRIVACY_NOTICE_VERSION } from '../../../shared/privacy';
import { CARD_INACTIVE, CARD_LIMIT_REACHED } from '../../../shared/schemas/placements';
import { ALREADY_COLLECTED, type ScanSubmission } from '../../../shared/schemas/scans';
import { VERIFICATION_INVALID, VERIFY_FIRST } from '../../../shared/schemas/verification';
import type { Db } from '../../db/client';
import { customerScans } from './table';
import { startOfDay } from '../../platform/lib/business-time';
import { AppError, conflict, isUniqueViolation, pgError } from '../../platform/lib/errors';
import { arrayLiteral } from '../../db/array-literal';
import { prepared } from '../../db/prepared';
import { statementBatches } from '../../platform/lib/statement-batches';
import { listCouponsOfScans } from '../coupons/coupons.service';
import { generateVoucherCode } from '../../platform/lib/codes';
import type { CouponCard } from '../coupons/coupons.presenter';
import { isHotelActive } from '../hotels/hotels.service';
import { guestOfferLists } from '../offers/guest-offers';
import { cardOfScan } from '../placements/placements.service';
import type { BusinessDay } from '../offers/offer-usage';
import type { OfferRow } from '../offers/offers.service';
import type { GroupCount } from '../../platform/middleware/rate-limit';

export const HOTEL_NOT_FOUND = 'This hotel was not found. Please scan the QR code in your room again.';
export const HOTEL_INACTIVE = 'This hotel is not offering vouchers right now. Please ask the front desk.';
export const OFFERS_UNAVAILABLE = 'One or more selected vouchers are no longer available. Please choose again.';
export const KEY_REUSED = 'This Idempotency-Key was already used for a different request';

/** docs/PRODUCT.md "Scans": a submission refused for one picked offer names it, so the guest can change the choice. */
export const ranOutMessage = (offerName: string) => `${offerName} has just run out, please pick another`;
export const alreadyCollectedMessage = (what: string, days: number) =>
  `You already collected ${what} ${days === 1 ? 'today' : `in the last ${days} days`}, please pick another`;
export const notDuringStayMessage = (offerName: string) =>
  `${offerName} cannot be used during your stay, please pick another`;

/** A refusal that names the picked offer it is about (`{detail, offer_id}`). */
const offerRefusal = (status: 409 | 422, detail: string, offerId: string) =>
  new AppError(status, detail, undefined, { offer_id: offerId });

/**
 * A scan of this mobile number at this hotel whose stay has not ended yet. With the hotel's phone verification on,
 * only a verified scan counts (docs/PRODUCT.md "Guest trust"): a claim made with the number unproven (a stranger's, or
 * one from before the switch) cannot block the guest who proves it.
 */
async function hasOpenStay(
  db: Db,
  hotelId: string,
  mobile: string,
  today: string,
  verifiedOnly: boolean,
): Promise<boolean> {
  const n = await db.$count(
    customerScans,
    and(
      eq(customerScans.hotelId, hotelId),
      eq(customerScans.mobileNumber, mobile),
      gte(customerScans.checkoutDate, today),
      verifiedOnly ? eq(customerScans.verified, true) : undefined,
    ),
  );
  return n > 0;
}

/**
 * The scan check (docs/PRODUCT.md "Scans"): hotel exists, is active, the card the guest came through (`token`, or the
 * hotel's old link) still takes claims today (docs/PRODUCT.md "Guest trust"), and this number has no vouchers for a
 * stay still running.
 */
export async function checkScan(
  db: Db,
  hotelId: string,
  mobile: string,
  today: string,
  token?: string,
): Promise<string | undefined> {
  const found = await guestOfferLists(db).lookup(hotelId, today);
  if (!found) return HOTEL_NOT_FOUND;
  if (!isHotelActive(found.hotel, today)) return HOTEL_INACTIVE;
  const card = await cardOfScan(db, hotelId, token, today);
  if (card && 'refused' in card) return card.refused;
  if (await hasOpenStay(db, hotelId, mobile, today, found.hotel.phoneVerification)) return ALREADY_COLLECTED;
  return undefined;
}

/** A scan and its vouchers, as presentScan shows them. */
export interface IssuedScan {
  id: string;
  coupons: CouponCard[];
}

/**
 * The coupons in the order the guest picked their offers (docs/PRIVACY.md): `selected_offers` as sent. A replay sent
 * with other offers lists the ones not in it last, as stored.
 */
function inPickedOrder<T extends { offerId: string }>(coupons: T[], selectedOffers: readonly string[]): T[] {
  const rank = (coupon: T) => {
    const i = selectedOffers.indexOf(coupon.offerId);
    return i === -1 ? selectedOffers.length : i;
  };
  return coupons
    .map((coupon, i) => ({ coupon, i }))
    .sort((a, b) => rank(a.coupon) - rank(b.coupon) || a.i - b.i)
    .map(({ coupon }) => coupon);
}

async function issuedScan(db: Db, scanId: string, input: ScanSubmission): Promise<IssuedScan> {
  return { id: scanId, coupons: inPickedOrder(await listCouponsOfScans(db, [scanId]), input.selected_offers) };
}

/** The earlier scan a key names, answered again: the same scan and coupons, unless it was another hotel's or number's. */
async function replayOf(
  db: Db,
  earlier: { id: string; hotelId: string; mobile: string },
  input: ScanSubmission,
): Promise<IssuedScan> {
  if (earlier.hotelId !== input.hotel_id || earlier.mobile !== input.mobile_number) throw conflict(KEY_REUSED);
  return issuedScan(db, earlier.id, input);
}

/** A replay of an earlier submission with the same Idempotency-Key: the same scan and coupons, never a new set. */
async function replay(db: Db, key: string, input: ScanSubmission): Promise<IssuedScan | undefined> {
  const [earlier] = await db
    .select({ id: customerScans.id, hotelId: customerScans.hotelId, mobile: customerScans.mobileNumber })
    .from(customerScans)
    .where(eq(customerScans.idempotencyKey, key))
    .limit(1);
  return earlier && replayOf(db, earlier, input);
}

export interface SubmitResult {
  scan: IssuedScan;
  replayed: boolean;
}

/** The rules' frequency of a picked offer: its own (this offer) or its merchant's (any of the merchant's offers). */
function frequencyOf(offer: OfferRow): { days: number; scope: 'offer' | 'merchant' } | undefined {
  const days = effectivePerGuestDays(offer.perGuestDays, offer.merchantPerGuestDays);
  if (days === null) return undefined;
  return { days, scope: offer.perGuestDays !== null ? 'offer' : 'merchant' };
}

/**
 * The stay rule (docs/PRODUCT.md "Offer rules"): the first picked offer that cannot be redeemed on any day from today
 * to check-out (its validity, weekdays and blackout dates), by the rules of the guest list the offers came from.
 */
function unusableDuringStay(picked: readonly OfferRow[], today: string, checkout: string): OfferRow | undefined {
  return picked.find(
    (offer) =>
      firstRedeemableDay(
        { redeem_weekdays: offer.redeemWeekdays, blackout_dates: offer.blackoutDates },
        { validity_from: offer.validityFrom, validity_to: offer.validityTo },
        today,
        checkout,
      ) === null,
  );
}

/** What stayperks_submit_scan answers (migration 0043): the new scan, an earlier one with the key, or a refusal. */
type SubmitAnswer =
  | { scan_id: string; issued: IssuedCoupon[] }
  | { earlier: string; hotel_id: string; mobile: string }
  | { refused: 'card_inactive' | 'card_full' | 'already_collected' }
  | { refused: 'frequency'; offer_id: string; days: number };

interface IssuedCoupon {
  id: string;
  offerId: string;
  code: string;
}

/** stayperks_submit_scan's arguments for one submission, as JSON text fields (arrays as array literals). */
interface SubmitCall {
  hotel: string;
  name: string;
  mobile: string;
  checkout: string;
  key: string | null;
  consent: string;
  marketing: boolean;
  reminders: boolean;
  language: string;
  verified: boolean;
  verifiedOnly: boolean;
  placementToken: string | null;
  today: string;
  timeZone: string;
  offers: string;
  merchants: string;
  codes: string;
  ruleDays: string;
  ruleByMerchant: string;
  rulesFrom: string;
}

/**
 * The submissions' call for a batch of them (platform/lib/statement-batches.ts; docs/DATA.md "Writes in batches"), a
 * statement prepared once (db/prepared.ts): stayperks_submit_scan once per submission, in the order sent, in one
 * transaction. Each call takes its own locks and sees the calls before it, as a later submission would; one that
 * raises (a cap or the card full, a code taken, an Idempotency-Key used at once elsewhere) fails the batch, whose
 * submissions are then made one at a time.
 */
const submitStatement = (db: Db) => {
  const field = (name: keyof SubmitCall) => sql.raw(`(b.s->>'${name}')`);
  return db
    .select({ n: sql<string>`b.n`, answer: sql<SubmitAnswer>`answer` })
    .from(
      sql`jsonb_array_elements(${sql.placeholder('submissions')}::jsonb) with ordinality as b(s, n)
      cross join lateral stayperks_submit_scan(
        ${field('hotel')}::uuid, ${field('name')}, ${field('mobile')}, ${field('checkout')}::date, ${field('key')},
        ${field('consent')}, ${field('marketing')}::boolean, ${field('reminders')}::boolean, ${field('language')},
        ${field('verified')}::boolean, ${field('verifiedOnly')}::boolean, ${field('placementToken')},
        ${field('today')}::date, ${startOfDay(field('today'), field('timeZone'))}, ${field('offers')}::uuid[],
        ${field('merchants')}::uuid[], ${field('codes')}::text[], ${field('ruleDays')}::integer[],
        ${field('ruleByMerchant')}::boolean[], ${startOfDay(field('rulesFrom'), field('timeZone'))}) as answer`,
    )
    .prepare('submit_scans');
};

/** The submission's call through its database's batches: a guest's number or a hotel is never in two at once. */
function submitInBatch(db: Db, call: SubmitCall): Promise<SubmitAnswer> {
  return statementBatches(db, 'submit_scans', () => ({
    // One per number (its stays and frequency rules) and one per hotel (its counters moved once a batch).
    keysOf: (submission: SubmitCall) => [`mobile ${submission.mobile}`, `hotel ${submission.hotel}`],
    async run(submissions: readonly SubmitCall[]): Promise<SubmitAnswer[]> {
      const rows = await prepared(db, 'submit_scans', submitStatement).execute({
        submissions: JSON.stringify(submissions),
      });
      const byNumber = new Map(rows.map((row) => [Number(row.n), row.answer]));
      return submissions.map((_, i) => byNumber.get(i + 1)!);
    },
  })).submit(call);
}

/**
 * The submission's one call (stayperks_submit_scan, migration 0043): the locks, the checks that need the database,
 * the scan, its vouchers (a code drawn here for each), the rollups, the caps and the card's claim, in one statement
 * and so one transaction (shared with the other submissions of its batch). The frequency rules go as two arrays
 * beside the offers (days, or null; by merchant or by offer), with the day their longest window starts.
 */
async function callSubmitScan(
  db: Db,
  input: ScanSubmission,
  day: BusinessDay,
  idempotencyKey: string | undefined,
  verified: boolean,
  verifiedOnly: boolean,
  offers: readonly OfferRow[],
  codes: ReadonlyMap<string, string>,
): Promise<SubmitAnswer> {
  const rules = offers.map(frequencyOf);
  const longest = Math.max(1, ...rules.map((rule) => rule?.days ?? 1));
  return submitInBatch(db, {
    hotel: input.hotel_id,
    name: input.customer_name,
    mobile: input.mobile_number,
    checkout: input.checkout_date,
    key: idempotencyKey ?? null,
    consent: PRIVACY_NOTICE_VERSION,
    marketing: input.marketing_opt_in,
    reminders: input.reminders_opt_in,
    language: input.language,
    verified,
    verifiedOnly,
    placementToken: input.placement_token ?? null,
    today: day.today,
    timeZone: day.timeZone,
    offers: arrayLiteral(offers.map((offer) => offer.id)),
    merchants: arrayLiteral(offers.map((offer) => offer.merchantId)),
    codes: arrayLiteral(offers.map((offer) => codes.get(offer.id)!)),
    ruleDays: arrayLiteral(rules.map((rule) => rule?.days ?? null)),
    ruleByMerchant: arrayLiteral(rules.map((rule) => rule?.scope === 'merchant')),
    rulesFrom: addDays(day.today, -(longest - 1)),
  });
}

/** The refusals stayperks_submit_scan raises after it wrote, which roll everything back (migration 0043). */
const CAP_FULL = 'SPCAP';
const CARD_FULL = 'SPCRD';
const CODE_TAKEN = 'SPCOD';

/**
 * Issues a guest's vouchers (docs/PRODUCT.md "Scans"). The hotel and the picked offers it may show come from one read
 * (guest-offers.ts `lookupPicked`, which also makes the rate limits' `count` when given one and throws their 429), the
 * stay rule is checked here (422), and everything else is one call to the database (callSubmitScan), so a submission
 * costs two round trips, its rate limits included (README "Performance", rounds 7 to 9).
 *
 * In that call, in one transaction: submissions for the same hotel and number are serialised with an advisory lock
 * (and, when a picked offer has a frequency rule, submissions of the same number, a second lock taken first), so a
 * double tap or a retry can never issue two sets; an earlier scan with this Idempotency-Key is answered again (a
 * replay); the card (docs/PRODUCT.md "Guest trust": the placement token, or the hotel's old link without one) no
 * longer active or full today refuses (409); an open stay refuses (409); the frequency rules (docs/PRODUCT.md "Offer
 * rules") refuse naming the offer (409). Then the scan and its coupons are written and counted, each capped offer is
 * counted against its caps (409 when one is full) and the claim against the card's daily limit (409 when full):
 * either of the last two rolls everything back. One picked offer refused refuses the whole submission, naming it
 * (`offer_id`).
 */
export async function submitScan(
  db: Db,
  input: ScanSubmission,
  day: BusinessDay,
  idempotencyKey?: string,
  verified = false,
  count?: GroupCount,
): Promise<SubmitResult> {
  const { today } = day;
  const found = await guestOfferLists(db).lookupPicked(input.hotel_id, today, input.selected_offers, count);
  // Phone verification (docs/PRODUCT.md "Guest trust"): with the hotel's switch on, only a proven number claims, so a
  // fake claim cannot block a real guest's number. `verified`: the route checked the token against number and hotel.
  if (found?.hotel.phoneVerification && !verified)
    throw new AppError(403, input.verification_token ? VERIFICATION_INVALID : VERIFY_FIRST);
  const visible = found && isHotelActive(found.hotel, today) ? found.picked : undefined;
  const picked = visible ? input.selected_offers.map((id) => visible.get(id)) : [];
  const allFound = picked.filter((offer) => offer !== undefined);
  const unusable =
    allFound.length === picked.length ? unusableDuringStay(allFound, today, input.checkout_date) : undefined;
  if (!visible || picked.some((offer) => offer === undefined) || unusable) {
    // A retry of a submission that went through answers the same vouchers, even if the hotel or an offer changed since.
    const earlier = idempotencyKey ? await replay(db, idempotencyKey, input) : undefined;
    if (earlier) return { scan: earlier, replayed: true };
    if (!found) throw new AppError(404, HOTEL_NOT_FOUND);
    if (!visible) throw new AppError(409, HOTEL_INACTIVE);
    if (unusable) throw offerRefusal(422, notDuringStayMessage(unusable.offerName), unusable.id);
    throw new AppError(422, OFFERS_UNAVAILABLE);
  }
  const offers = picked as OfferRow[];
  // With verification on only verified scans are a stay (hasOpenStay).
  const verifiedOnly = found?.hotel.phoneVerification === true;

  // A voucher code per offer, drawn here; one another voucher holds already (rare) is drawn again, and the call
  // (which wrote nothing) is made again.
  const codes = new Map(offers.map((offer) => [offer.id, generateVoucherCode()]));
  let answer: SubmitAnswer;
  for (let attempt = 1; ; attempt++) {
    try {
      answer = await callSubmitScan(db, input, day, idempotencyKey, verified, verifiedOnly, offers, codes);
      break;
    } catch (error) {
      const failed = pgError(error);
      if (failed?.code === CODE_TAKEN && attempt < 10) {
        for (const offerId of failed.message.split(',')) codes.set(offerId, generateVoucherCode());
        continue;
      }
      if (failed?.code === CAP_FULL) {
        const full = offers.find((offer) => offer.id === failed.message)!;
        throw offerRefusal(409, ranOutMessage(full.offerName), full.id);
      }
      if (failed?.code === CARD_FULL) throw conflict(CARD_LIMIT_REACHED);
      // The same key used at once for two different hotels/numbers: the unique index decides.
      if (idempotencyKey && isUniqueViolation(error)) {
        const earlier = await replay(db, idempotencyKey, input);
        if (earlier) return { scan: earlier, replayed: true };
      }
      throw error;
    }
  }

  if ('earlier' in answer) {
    const earlier = { id: answer.earlier, hotelId: answer.hotel_id, mobile: answer.mobile };
    return { scan: await replayOf(db, earlier, input), replayed: true };
  }
  if ('refused' in answer) throw refusal(answer, offers);
  // In the order picked, as a replay lists them.
  const byOffer = new Map(offers.map((offer) => [offer.id, offer]));
  const cards = inPickedOrder(
    answer.issued.map((coupon) => ({
      ...byOffer.get(coupon.offerId)!,
      offerId: coupon.offerId,
      id: coupon.id,
      code: coupon.code,
      isRedeemed: false,
      redeemedAt: null,
    })),
    input.selected_offers,
  );
  return { scan: { id: answer.scan_id, coupons: cards }, replayed: false };
}

/** The error a refusal of stayperks_submit_scan answers (nothing was written). */
function refusal(answer: Extract<SubmitAnswer, { refused: string }>, offers: readonly OfferRow[]): AppError {
  switch (answer.refused) {
    case 'card_inactive':
      return conflict(CARD_INACTIVE);
    case 'card_full':
      return conflict(CARD_LIMIT_REACHED);
    case 'already_collected':
      return conflict(ALREADY_COLLECTED);
    case 'frequency': {
      const offer = offers.find((picked) => picked.id === answer.offer_id)!;
      const what = frequencyOf(offer)!.scope === 'offer' ? offer.offerName : `a ${offer.merchantName} voucher`;
      return offerRefusal(409, alreadyCollectedMessage(what, answer.days), offer.id);
    }
  }
}
