import { and, eq, gte, ne, sql } from 'drizzle-orm';
import { addDays } from '../../../shared/dates';
import { effectivePerGuestDays, firstRedeemableDay } from '../../../shared/offer-rules';
import { PRIVACY_NOTICE_VERSION } from '../../../shared/privacy';
import { CARD_LIMIT_REACHED } from '../../../shared/schemas/placements';
import { ALREADY_COLLECTED, type ScanSubmission } from '../../../shared/schemas/scans';
import { VERIFICATION_INVALID, VERIFY_FIRST } from '../../../shared/schemas/verification';
import type { Db } from '../../db/client';
import { customerScans } from './table';
import { startOfDay } from '../../platform/lib/business-time';
import { AppError, conflict, isUniqueViolation } from '../../platform/lib/errors';
import { rowsOf } from '../../db/rows';
import { issueCoupons, listCouponsOfScans, type IssuedCoupon } from '../coupons/coupons.service';
import { generateVoucherCode } from '../../platform/lib/codes';
import type { CouponCard } from '../coupons/coupons.presenter';
import { coupons } from '../coupons/table';
import { isHotelActive } from '../hotels/hotels.service';
import { guestOfferLists } from '../offers/guest-offers';
import { cardOfScan, countCardClaim } from '../placements/placements.service';
import { countAgainstCaps, type BusinessDay } from '../offers/offer-usage';
import type { OfferRow } from '../offers/offers.service';

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

/** A replay of an earlier submission with the same Idempotency-Key: the same scan and coupons, never a new set. */
async function replay(db: Db, key: string, input: ScanSubmission): Promise<IssuedScan | undefined> {
  const [earlier] = await db
    .select({ id: customerScans.id, hotelId: customerScans.hotelId, mobile: customerScans.mobileNumber })
    .from(customerScans)
    .where(eq(customerScans.idempotencyKey, key))
    .limit(1);
  if (!earlier) return undefined;
  if (earlier.hotelId !== input.hotel_id || earlier.mobile !== input.mobile_number) throw conflict(KEY_REUSED);
  return issuedScan(db, earlier.id, input);
}

export interface SubmitResult {
  scan: IssuedScan;
  replayed: boolean;
}

/**
 * Inside the lock, in one statement: an earlier scan with this key, an open stay of this number at this hotel, and
 * the new scan with its coupons (one per picked offer, each with a code drawn here), inserted only when there is
 * neither. One round trip instead of two: the submission's cost is mostly its round trips (README "Performance").
 * A code another voucher already holds inserts nothing for its offer (`issued` lacks it); the caller draws again.
 */
async function insertScan(
  tx: Db,
  input: ScanSubmission,
  today: string,
  idempotencyKey: string | undefined,
  verified: boolean,
  verifiedOnly: boolean,
  placementId: string | null,
  picked: readonly { offerId: string; merchantId: string }[],
) {
  const drawn = sql.join(
    picked.map((offer) => sql`(${offer.offerId}::uuid, ${offer.merchantId}::uuid, ${generateVoucherCode()}::text)`),
    sql`, `,
  );
  const [row] = rowsOf<{
    scan_id: string | null;
    earlier_id: string | null;
    earlier_hotel: string | null;
    earlier_mobile: string | null;
    open_stay: boolean;
    issued: IssuedCoupon[] | null;
  }>(
    await tx.execute(sql`
      with earlier as (
        select id, hotel_id, mobile_number from ${customerScans} where idempotency_key = ${idempotencyKey ?? null}::text limit 1
      ), open_stay as (
        select 1 from ${customerScans}
        where hotel_id = ${input.hotel_id}::uuid and mobile_number = ${input.mobile_number} and checkout_date >= ${today}::date
          and (not ${verifiedOnly}::boolean or verified) limit 1
      ), scan as (
        insert into ${customerScans} (hotel_id, customer_name, mobile_number, checkout_date, idempotency_key,
          consent_version, consented_at, marketing_opt_in, verified, placement_id, reminders_opt_in, language)
        select ${input.hotel_id}::uuid, ${input.customer_name}::text, ${input.mobile_number}::text, ${input.checkout_date}::date, ${idempotencyKey ?? null}::text,
          ${PRIVACY_NOTICE_VERSION}::text, now(), ${input.marketing_opt_in}::boolean, ${verified}::boolean,
          ${placementId}::uuid, ${input.reminders_opt_in}::boolean, ${input.language}::text
        where not exists (select 1 from earlier) and not exists (select 1 from open_stay)
        returning id
      ), issued as (
        insert into ${coupons} (scan_id, offer_id, merchant_id, code)
        select scan.id, d.offer_id, d.merchant_id, d.code from scan, (values ${drawn}) as d (offer_id, merchant_id, code)
        on conflict (code) do nothing
        returning id, offer_id, code
      )
      select (select id from scan) as scan_id, e.id as earlier_id, e.hotel_id as earlier_hotel, e.mobile_number as earlier_mobile,
             exists (select 1 from open_stay) as open_stay,
             (select json_agg(json_build_object('id', id, 'offerId', offer_id, 'code', code)) from issued) as issued
      from (select 1) one left join earlier e on true`),
  );
  return row!;
}

/** The rules' frequency of a picked offer: its own (this offer) or its merchant's (any of the merchant's offers). */
function frequencyOf(offer: OfferRow): { days: number; scope: 'offer' | 'merchant' } | undefined {
  const days = effectivePerGuestDays(offer.perGuestDays, offer.merchantPerGuestDays);
  if (days === null) return undefined;
  return { days, scope: offer.perGuestDays !== null ? 'offer' : 'merchant' };
}

/**
 * The frequency rule (docs/PRODUCT.md "Offer rules"): the first picked offer this mobile number already has a voucher
 * of (or, under its merchant's rule, a voucher of that merchant) from the last N business days, today included, at
 * any hotel. Cancelled vouchers do not count; numbers anonymised by retention are not seen (docs/PRIVACY.md). Reads
 * the number's scans by customer_scans_mobile_idx, then their coupons by coupons_scan_idx: a few rows.
 */
async function withinFrequency(
  tx: Db,
  scanId: string,
  mobile: string,
  picked: readonly OfferRow[],
  day: BusinessDay,
): Promise<{ offer: OfferRow; days: number; scope: 'offer' | 'merchant' } | undefined> {
  const ruled = picked.flatMap((offer) => {
    const rule = frequencyOf(offer);
    return rule ? [{ offer, ...rule }] : [];
  });
  if (ruled.length === 0) return undefined;
  const longest = Math.max(...ruled.map((r) => r.days));
  const earlier = await tx
    .select({
      offerId: coupons.offerId,
      merchantId: coupons.merchantId,
      day: sql<string>`stayperks_business_day(${coupons.createdAt})::text`,
    })
    .from(coupons)
    .innerJoin(customerScans, eq(customerScans.id, coupons.scanId))
    .where(
      and(
        eq(customerScans.mobileNumber, mobile),
        // Not the vouchers this submission has just inserted with its scan.
        ne(coupons.scanId, scanId),
        sql`${coupons.cancelledAt} is null`,
        gte(coupons.createdAt, startOfDay(addDays(day.today, -(longest - 1)), day.timeZone)),
      ),
    );
  return ruled.find(({ offer, days, scope }) => {
    const since = addDays(day.today, -(days - 1));
    return earlier.some(
      (coupon) =>
        coupon.day >= since &&
        (scope === 'offer' ? coupon.offerId === offer.id : coupon.merchantId === offer.merchantId),
    );
  });
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

/**
 * Issues a guest's vouchers (docs/PRODUCT.md "Scans"): everything is checked again here, then the scan and its coupons
 * are written in one transaction (both in one statement, insertScan). Submissions for the same hotel and number are serialised with an advisory lock,
 * so a double tap or a retry can never issue two sets. The hotel and its guest-visible offers come from the guest
 * list (one query; the list is usually cached, keyed by catalogue version), and the answer is built from what is
 * in hand.
 *
 * The offers' rules (docs/PRODUCT.md "Offer rules"), all or nothing: one picked offer refused refuses the whole
 * submission, naming it (`offer_id`). The stay rule is checked first (422, from the list's rules). In the
 * transaction: when a picked offer has a frequency, submissions of the same number are serialised too (a second
 * advisory lock, taken first, only then), and its earlier vouchers are looked at (409); after the coupons' insert,
 * each capped offer is counted against its caps (offers/offer-usage.ts countAgainstCaps: 409 when one is full, and
 * everything rolls back). Offers without rules take no extra lock and one more read.
 *
 * The card (docs/PRODUCT.md "Guest trust"): the placement token, or the hotel's old link without one, is read first (a
 * card no longer active or full today refuses, 409, before anything is written); the scan stores its placement, and
 * the claim is counted against the card's daily limit in the transaction after the scan's insert (a replay counts
 * nothing): a full card rolls everything back.
 */
export async function submitScan(
  db: Db,
  input: ScanSubmission,
  day: BusinessDay,
  idempotencyKey?: string,
  verified = false,
): Promise<SubmitResult> {
  const { today } = day;
  const found = await guestOfferLists(db).lookup(input.hotel_id, today);
  // Phone verification (docs/PRODUCT.md "Guest trust"): with the hotel's switch on, only a proven number claims, so a
  // fake claim cannot block a real guest's number. `verified`: the route checked the token against number and hotel.
  if (found?.hotel.phoneVerification && !verified)
    throw new AppError(403, input.verification_token ? VERIFICATION_INVALID : VERIFY_FIRST);
  const visible = found && isHotelActive(found.hotel, today) ? (await found.list()).byId : undefined;
  const picked = visible ? input.selected_offers.map((id) => visible.get(id)) : [];
  const allFound = picked.filter((offer) => offer !== undefined);
  const unusable =
    allFound.length === picked.length ? unusableDuringStay(allFound, today, input.checkout_date) : undefined;
  const card = visible ? await cardOfScan(db, input.hotel_id, input.placement_token, today) : undefined;
  const through = card && 'card' in card ? card.card : undefined;
  if (!visible || picked.some((offer) => offer === undefined) || unusable || !through) {
    // A retry of a submission that went through answers the same vouchers, even if the hotel or an offer changed since.
    const earlier = idempotencyKey ? await replay(db, idempotencyKey, input) : undefined;
    if (earlier) return { scan: earlier, replayed: true };
    if (!found) throw new AppError(404, HOTEL_NOT_FOUND);
    if (!visible) throw new AppError(409, HOTEL_INACTIVE);
    if (card && 'refused' in card) throw conflict(card.refused);
    if (unusable) throw offerRefusal(422, notDuringStayMessage(unusable.offerName), unusable.id);
    throw new AppError(422, OFFERS_UNAVAILABLE);
  }
  const offers = picked as OfferRow[];
  const hasFrequency = offers.some((offer) => frequencyOf(offer) !== undefined);

  try {
    return await db.transaction(async (tx) => {
      // The number across all hotels first (frequency), then this hotel's stay: always in this order.
      if (hasFrequency)
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`guest:${input.mobile_number}`}, 0))`);
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`scan:${input.hotel_id}:${input.mobile_number}`}, 0))`,
      );
      // With verification on only verified scans are a stay (hasOpenStay).
      const verifiedOnly = found?.hotel.phoneVerification === true;
      const pickedOffers = offers.map((offer) => ({ offerId: offer.id, merchantId: offer.merchantId }));
      const scan = await insertScan(
        tx,
        input,
        today,
        idempotencyKey,
        verified,
        verifiedOnly,
        through.placementId,
        pickedOffers,
      );
      if (scan.earlier_id) {
        if (scan.earlier_hotel !== input.hotel_id || scan.earlier_mobile !== input.mobile_number)
          throw conflict(KEY_REUSED);
        return { scan: await issuedScan(tx, scan.earlier_id, input), replayed: true };
      }
      if (scan.open_stay || !scan.scan_id) throw conflict(ALREADY_COLLECTED);

      if (hasFrequency) {
        const within = await withinFrequency(tx, scan.scan_id, input.mobile_number, offers, day);
        if (within) {
          const what = within.scope === 'offer' ? within.offer.offerName : `a ${within.offer.merchantName} voucher`;
          throw offerRefusal(409, alreadyCollectedMessage(what, within.days), within.offer.id);
        }
      }

      // A code drawn twice (rare) is drawn again for its offer alone.
      const issued = scan.issued ?? [];
      const drawnAgain = pickedOffers.filter((offer) => !issued.some((coupon) => coupon.offerId === offer.offerId));
      if (drawnAgain.length > 0) issued.push(...(await issueCoupons(tx, scan.scan_id, drawnAgain)));
      const full = await countAgainstCaps(
        tx,
        offers.map((offer) => offer.id),
        day,
      );
      if (full) throw offerRefusal(409, ranOutMessage(offers.find((offer) => offer.id === full)!.offerName), full);
      // Last, so the card's day row stays locked only until the commit: claims through one card queue briefly.
      if (!(await countCardClaim(tx, input.hotel_id, through, today))) throw conflict(CARD_LIMIT_REACHED);
      // In the order picked, as a replay lists them.
      const byOffer = new Map(offers.map((offer) => [offer.id, offer]));
      const cards = inPickedOrder(
        issued.map((coupon) => ({
          ...byOffer.get(coupon.offerId)!,
          offerId: coupon.offerId,
          id: coupon.id,
          code: coupon.code,
          isRedeemed: false,
          redeemedAt: null,
        })),
        input.selected_offers,
      );
      return { scan: { id: scan.scan_id, coupons: cards }, replayed: false };
    });
  } catch (error) {
    // The same key used at once for two different hotels/numbers: the unique index decides.
    if (idempotencyKey && isUniqueViolation(error)) {
      const earlier = await replay(db, idempotencyKey, input);
      if (earlier) return { scan: earlier, replayed: true };
    }
    throw error;
  }
}
