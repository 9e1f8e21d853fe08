import { and, asc, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { addDays } from '../../../shared/dates';
import { COUNTER_DAY_LIMIT, UNDO_WINDOW_MINUTES } from '../../../shared/schemas/counter';
import { UNKNOWN_CODE_MESSAGE } from '../../../shared/schemas/merchant-area';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { coupons, offlineRedemptions } from './table';
import { customerScans } from '../customer-scans/table';
import { hotels } from '../hotels/table';
import { merchants } from '../merchants/table';
import { merchantTypes } from '../merchant-types/table';
import { merchantPlaceColumns } from '../offers/merchant-place';
import { releaseCapUsage } from '../offers/offer-usage';
import type { OfferRuleColumns } from '../offers/offers.presenter';
import { offers } from '../offers/table';
import { loginName } from '../users/login-name';
import { startOfDay } from '../../platform/lib/business-time';
import { conflict, forbidden, notFound } from '../../platform/lib/errors';
import { recordAudit, type AuditContext } from '../audit/audit.service';
import { queueWalletUpdates } from '../wallet/wallet-updates';
import { redemptionStatement, requestsCte, type RedemptionRow } from './redemption.statement';

/** Everything a coupon card, the scan response and the PDF show: one join, read-only. */
const couponColumns = {
  id: coupons.id,
  scanId: coupons.scanId,
  offerId: coupons.offerId,
  code: coupons.code,
  isRedeemed: coupons.isRedeemed,
  redeemedAt: coupons.redeemedAt,
  createdAt: coupons.createdAt,
  offerName: offers.offerName,
  offerType: offers.offerType,
  offerValue: offers.offerValue,
  validityTo: offers.validityTo,
  termsConditions: offers.termsConditions,
  openingHours: offers.openingHours,
  closingHours: offers.closingHours,
  // The offer's rules the voucher shows (docs/PRODUCT.md "Offer rules").
  redeemWeekdays: offers.redeemWeekdays,
  blackoutDates: offers.blackoutDates,
  minBill: offers.minBill,
  maxParty: offers.maxParty,
  perGuestDays: offers.perGuestDays,
  merchantPerGuestDays: merchants.perGuestDays,
  merchantName: merchants.name,
  ...merchantPlaceColumns,
  merchantTypeName: merchantTypes.name,
};

function selectCoupons(db: Db) {
  return db
    .select(couponColumns)
    .from(coupons)
    .innerJoin(offers, eq(offers.id, coupons.offerId))
    .innerJoin(merchants, eq(merchants.id, coupons.merchantId))
    .innerJoin(merchantTypes, eq(merchantTypes.id, merchants.merchantTypeId));
}

export type CouponRow = Awaited<ReturnType<typeof selectCoupons>>[number];

export async function listCouponsOfScans(db: Db, scanIds: readonly string[]): Promise<CouponRow[]> {
  if (scanIds.length === 0) return [];
  return selectCoupons(db)
    .where(inArray(coupons.scanId, [...scanIds]))
    .orderBy(asc(coupons.createdAt), asc(coupons.code));
}

/**
 * A scan's vouchers as their cards show them now (GET /coupons?scan_id=, docs/PRODUCT.md "Offline and install"):
 * nothing for an unknown scan or one whose guest was erased or is past retention (docs/PRIVACY.md), never a
 * cancelled voucher. The order is the phone's to keep (it saved them in the order picked).
 */
export async function listScanCoupons(db: Db, scanId: string): Promise<CouponRow[]> {
  return selectCoupons(db)
    .innerJoin(customerScans, eq(customerScans.id, coupons.scanId))
    .where(and(eq(coupons.scanId, scanId), isNull(customerScans.anonymisedAt), isNull(coupons.cancelledAt)))
    .orderBy(asc(coupons.createdAt), asc(coupons.code));
}

/** A coupon with its hotel's name, for the PDF voucher. */
export async function getCouponForVoucher(db: Db, id: string) {
  const [row] = await db
    .select({ ...couponColumns, hotelName: hotels.name, scanLanguage: customerScans.language })
    .from(coupons)
    .innerJoin(offers, eq(offers.id, coupons.offerId))
    .innerJoin(merchants, eq(merchants.id, coupons.merchantId))
    .innerJoin(merchantTypes, eq(merchantTypes.id, merchants.merchantTypeId))
    .innerJoin(customerScans, eq(customerScans.id, coupons.scanId))
    .innerJoin(hotels, eq(hotels.id, customerScans.hotelId))
    // A voucher cancelled at its guest's erasure is gone for the guest too (docs/PRIVACY.md).
    .where(and(eq(coupons.id, id), isNull(coupons.cancelledAt)))
    .limit(1);
  if (!row) throw notFound('Coupon not found');
  return row;
}

/**
 * Cancels the scans' vouchers not yet redeemed (a guest's data erased, docs/PRIVACY.md): they can no longer be
 * redeemed or downloaded, and they free their slots in their offers' caps (docs/DATA.md "Offer caps"), in the same
 * transaction. Redeemed ones stay as they are, so counts and redemptions do not change. Answers how many.
 */
export async function cancelUnredeemedCoupons(db: Db, scanIds: readonly string[]): Promise<number> {
  if (scanIds.length === 0) return 0;
  const cancelled = await db
    .update(coupons)
    .set({ cancelledAt: sql`now()` })
    .where(and(inArray(coupons.scanId, [...scanIds]), eq(coupons.isRedeemed, false), isNull(coupons.cancelledAt)))
    .returning({ offerId: coupons.offerId, day: sql<string>`stayperks_business_day(${coupons.createdAt})::text` });
  await releaseCapUsage(db, cancelled);
  return cancelled.length;
}

export interface RedeemedCoupon {
  id: string;
  code: string;
  customerName: string;
  offerName: string;
  redeemedAt: Date;
  /** Redeemed anyway, past a rule of the offer (its override_reason is set). */
  override: boolean;
  /** The offer's rules (offers.presenter.ts presentOfferRules). */
  rules: OfferRuleColumns;
}

/** What the counter sent: the code (trimmed and upper-cased), and the bill and override reason when given. */
export interface RedemptionAttempt {
  code: string;
  billAmount: number | null;
  overrideReason: string | null;
  /** A redemption accepted offline: its time (bounded) and nonce (docs/COUNTER.md "Without a network"). */
  offline?: { at: Date; nonce: string };
  /**
   * The merchant's wrong-code count in `rate_limits` (docs/SECURITY.md "Abuse limits"): the redemption changes nothing
   * once it holds `limit`. Absent when the count is kept elsewhere (in memory, checked before).
   */
  wrongCodes?: { key: string; limit: number };
}

/**
 * Redeems the merchant's coupon with this code if it is unredeemed, its offer is in date on the business day `today`,
 * the offer's rules are kept or passed over (redemption.statement.ts), the merchant is active and below its wrong-code
 * limit; undefined when nothing changed (the merchant area then tells why). The counter's plain redemptions by token
 * go in batches instead (redemption-batches.ts).
 */
export async function redeemCoupon(
  db: Db,
  merchantId: string,
  attempt: RedemptionAttempt,
  today: string,
  audit: AuditContext,
): Promise<RedeemedCoupon | undefined> {
  // An offline one runs in its nonce's transaction, where a prepared statement cannot (db/prepared.ts).
  const statement = attempt.offline ? oneRedemption(db) : prepared(db, 'redeem_voucher', oneRedemption);
  const [row] = await statement.execute({
    code: attempt.code,
    today,
    bill: attempt.billAmount,
    override: attempt.overrideReason,
    at: attempt.offline?.at.toISOString() ?? null,
    nonce: attempt.offline?.nonce ?? null,
    address: audit.address,
    limitKey: attempt.wrongCodes?.key ?? null,
    limit: attempt.wrongCodes?.limit ?? 0,
    merchantId,
    userId: audit.actor.id,
    username: audit.actor.username,
  });
  return row && redeemedCoupon(row);
}

/** redemptionStatement for one attempt, its request from placeholders. */
const oneRedemption = (db: Db) =>
  redemptionStatement(
    db,
    requestsCte(
      db,
      sql`select ${sql.placeholder('code')}::text as code, ${sql.placeholder('merchantId')}::uuid as merchant_id,
        ${sql.placeholder('userId')}::uuid as user_id, ${sql.placeholder('username')}::text as username,
        ${sql.placeholder('bill')}::numeric as bill, ${sql.placeholder('override')}::text as override,
        ${sql.placeholder('at')}::timestamptz as at, ${sql.placeholder('nonce')}::text as nonce,
        ${sql.placeholder('address')}::text as address, ${sql.placeholder('limitKey')}::text as limit_key,
        ${sql.placeholder('limit')}::int as wrong_limit, ${sql.placeholder('today')}::date as today, 1 as n,
        null::timestamptz as last_seen_at`,
    ),
  ).prepare('redeem_voucher');

/** A redemption's row as the merchant area presents it. */
export function redeemedCoupon(row: RedemptionRow): RedeemedCoupon {
  const {
    n: _n,
    lastSeenAt: _seen,
    id,
    code: redeemedCode,
    customerName,
    offerName,
    redeemedAt,
    billAmount: _bill,
    overrideReason,
    ...rules
  } = row;
  return {
    id,
    code: redeemedCode,
    customerName,
    offerName,
    redeemedAt: redeemedAt!,
    override: overrideReason !== null,
    rules,
  };
}

/** The merchant's coupon with this code, for telling why a redemption changed nothing; another merchant's is undefined. */
export async function findMerchantCoupon(db: Db, merchantId: string, code: string) {
  const [coupon] = await db
    .select({
      id: coupons.id,
      code: coupons.code,
      isRedeemed: coupons.isRedeemed,
      redeemedAt: coupons.redeemedAt,
      cancelledAt: coupons.cancelledAt,
      customerName: customerScans.customerName,
      validityTo: offers.validityTo,
      redeemWeekdays: offers.redeemWeekdays,
      blackoutDates: offers.blackoutDates,
      minBill: offers.minBill,
      maxParty: offers.maxParty,
      perGuestDays: offers.perGuestDays,
      merchantPerGuestDays: merchants.perGuestDays,
    })
    .from(coupons)
    .innerJoin(customerScans, eq(customerScans.id, coupons.scanId))
    .innerJoin(offers, eq(offers.id, coupons.offerId))
    .innerJoin(merchants, eq(merchants.id, coupons.merchantId))
    .where(and(eq(coupons.code, code), eq(coupons.merchantId, merchantId)))
    .limit(1);
  return coupon;
}

/**
 * Where a redemption's undo window starts: its time, or for one accepted offline its arrival (the later of the two;
 * docs/COUNTER.md "Without a network"). An older offline arrival of a redemption since undone is earlier than the
 * redemption after it, so it never widens that one's window.
 */
const undoFrom = sql<Date>`greatest(${coupons.redeemedAt}, (select max(o.received_at) from ${offlineRedemptions} o
  where o.coupon_id = ${coupons.id} and o.status = 'ok'))`;

// ---- The counter after the redemption (docs/COUNTER.md): today's list, undo with a reason, the bill amount ----------

export const NOT_REDEEMED_MESSAGE = 'This voucher is not redeemed, so there is nothing to undo';
export const UNDO_TOO_LATE_MESSAGE = `A redemption can only be undone within ${UNDO_WINDOW_MINUTES} minutes. Please contact StayPerks to undo this one.`;
export const UNDO_NOT_YOURS_MESSAGE = 'A cashier can only undo their own redemptions';
export const BILL_NOT_REDEEMED_MESSAGE = 'A bill amount can only be entered for a redeemed voucher';
export const COUPON_NOT_FOUND = 'No voucher with this code was found';

export interface CounterRedemptionRow {
  code: string;
  redeemedAt: Date;
  /** Where the undo window starts: the redemption, or an offline one's arrival. */
  undoFrom: Date;
  customerName: string;
  offerName: string;
  billAmount: number | null;
  overrideReason: string | null;
  /** The login that redeemed it (coupons.redeemed_by) and its username; null when unknown or since removed. */
  redeemedById: string | null;
  redeemedBy: string | null;
}

/**
 * GET /merchant/redemptions: the merchant's redemptions on one business day, newest first, at most
 * COUNTER_DAY_LIMIT (index coupons (merchant_id, redeemed_at)). An undone redemption has no redeemed_at, so it is
 * not listed.
 */
export async function listMerchantRedemptions(
  db: Db,
  merchantId: string,
  date: string,
  timeZone: string,
): Promise<CounterRedemptionRow[]> {
  const rows = await db
    .select({
      code: coupons.code,
      redeemedAt: coupons.redeemedAt,
      undoFrom: undoFrom.mapWith(coupons.redeemedAt),
      customerName: customerScans.customerName,
      offerName: offers.offerName,
      billAmount: coupons.billAmount,
      overrideReason: coupons.overrideReason,
      redeemedById: coupons.redeemedBy,
      redeemedBy: loginName(coupons.redeemedBy),
    })
    .from(coupons)
    .innerJoin(customerScans, eq(customerScans.id, coupons.scanId))
    .innerJoin(offers, eq(offers.id, coupons.offerId))
    // "Redeemed by" (docs/COUNTER.md): loginName's key lookups, for the day's at most COUNTER_DAY_LIMIT rows.
    .where(
      and(
        eq(coupons.merchantId, merchantId),
        gte(coupons.redeemedAt, startOfDay(date, timeZone)),
        lt(coupons.redeemedAt, startOfDay(addDays(date, 1), timeZone)),
        eq(coupons.isRedeemed, true),
      ),
    )
    .orderBy(desc(coupons.redeemedAt), desc(coupons.code))
    .limit(COUNTER_DAY_LIMIT);
  return rows.map((row) => ({ ...row, redeemedAt: row.redeemedAt!, undoFrom: row.undoFrom }));
}

/** A coupon's redemption state after an undo or a bill amount. */
export interface CouponState {
  code: string;
  isRedeemed: boolean;
  redeemedAt: Date | null;
  billAmount: number | null;
}

const lockedCoupon = (db: Db, code: string, merchantId: string | undefined) =>
  db
    .select({
      id: coupons.id,
      code: coupons.code,
      merchantId: coupons.merchantId,
      isRedeemed: coupons.isRedeemed,
      redeemedAt: coupons.redeemedAt,
      redeemedBy: coupons.redeemedBy,
      billAmount: coupons.billAmount,
      overrideReason: coupons.overrideReason,
      inUndoWindow: sql<boolean>`coalesce(${undoFrom} > now() - make_interval(mins => ${UNDO_WINDOW_MINUTES}), false)`,
    })
    .from(coupons)
    .where(and(eq(coupons.code, code), merchantId ? eq(coupons.merchantId, merchantId) : undefined))
    .limit(1)
    // The row lock makes a second, concurrent undo wait and then see the coupon pending: exactly one wins.
    .for('update');

/**
 * Undoes a redemption: the coupon is pending again (not redeemed, no time, no login, no bill amount; the counters
 * follow by trigger, docs/DATA.md) and the undo is an audit event with its reason. With `merchantId` (the counter)
 * only that merchant's coupon, and only within UNDO_WINDOW_MINUTES of its redemption: another merchant's code is
 * 404 as an unknown one, a late undo 409. Without it (the super admin) any coupon, at any time.
 */
export async function undoRedemption(
  db: Db,
  code: string,
  reason: string,
  scope: { merchantId?: string; redeemedBy?: string },
  audit: AuditContext,
): Promise<CouponState> {
  return db.transaction(async (tx) => {
    const [coupon] = await lockedCoupon(tx, code, scope.merchantId);
    if (!coupon) throw notFound(scope.merchantId ? UNKNOWN_CODE_MESSAGE : COUPON_NOT_FOUND);
    if (!coupon.isRedeemed) throw conflict(NOT_REDEEMED_MESSAGE);
    // A cashier undoes its own redemptions only (docs/SECURITY.md "Roles"): the code is its merchant's, so 403.
    if (scope.redeemedBy && coupon.redeemedBy !== scope.redeemedBy) throw forbidden(UNDO_NOT_YOURS_MESSAGE);
    if (scope.merchantId && !coupon.inUndoWindow) throw conflict(UNDO_TOO_LATE_MESSAGE);
    await tx
      .update(coupons)
      .set({ isRedeemed: false, redeemedAt: null, redeemedBy: null, billAmount: null, overrideReason: null })
      .where(and(eq(coupons.id, coupon.id), eq(coupons.isRedeemed, true)));
    await queueWalletUpdates(tx, [coupon.id]);
    const state = { code: coupon.code, merchant_id: coupon.merchantId };
    await recordAudit(tx, audit, {
      action: 'coupon.undo',
      entity: 'coupon',
      entityId: coupon.id,
      before: {
        ...state,
        is_redeemed: true,
        redeemed_at: coupon.redeemedAt,
        redeemed_by: coupon.redeemedBy,
        bill_amount: coupon.billAmount,
        override_reason: coupon.overrideReason,
      },
      after: {
        ...state,
        is_redeemed: false,
        redeemed_at: null,
        redeemed_by: null,
        bill_amount: null,
        override_reason: null,
        reason,
      },
    });
    return { code: coupon.code, isRedeemed: false, redeemedAt: null, billAmount: null };
  });
}

/**
 * Enters or corrects the bill amount of the merchant's redeemed coupon (hotel_stats.spend follows by trigger,
 * docs/DATA.md), with an audit event. Another merchant's code is 404, a pending coupon 409.
 */
export async function setBillAmount(
  db: Db,
  merchantId: string,
  code: string,
  billAmount: number,
  audit: AuditContext,
): Promise<CouponState> {
  return db.transaction(async (tx) => {
    const [coupon] = await lockedCoupon(tx, code, merchantId);
    if (!coupon) throw notFound(UNKNOWN_CODE_MESSAGE);
    if (!coupon.isRedeemed) throw conflict(BILL_NOT_REDEEMED_MESSAGE);
    await tx.update(coupons).set({ billAmount }).where(eq(coupons.id, coupon.id));
    await recordAudit(tx, audit, {
      action: 'coupon.bill_amount',
      entity: 'coupon',
      entityId: coupon.id,
      before: { code: coupon.code, bill_amount: coupon.billAmount },
      after: { code: coupon.code, bill_amount: billAmount },
    });
    return { code: coupon.code, isRedeemed: true, redeemedAt: coupon.redeemedAt, billAmount };
  });
}
