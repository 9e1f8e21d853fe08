import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { todayIn } from '../../../shared/dates';
import { OFFLINE_REASON_TEXT, offlineRefusal, type OfflineReason } from '../../../shared/offline-redemption';
import type { NotValidRule } from '../../../shared/offer-rules';
import { REDEEMED_MESSAGE } from '../../../shared/schemas/merchant-area';
import {
  NEEDS_ATTENTION_PAGE,
  OFFLINE_CODES_PAGE,
  OFFLINE_MAX_DAYS,
  type NeedsAttentionCursor,
  type OfflineRedemptionItem,
} from '../../../shared/schemas/offline';
import type { Db } from '../../db/client';
import { exactUtc } from '../../platform/lib/business-time';
import { AppError } from '../../platform/lib/errors';
import { recordAudit, type AuditContext } from '../audit/audit.service';
import { customerScans } from '../customer-scans/table';
import { presentOfferRules } from '../offers/offers.presenter';
import { offers } from '../offers/table';
import { loginName } from '../users/login-name';
import { findMerchantCoupon, redeemCoupon } from './coupons.service';
import { coupons, offlineRedemptions } from './table';

/**
 * Offline redemption (docs/COUNTER.md "Without a network"): the merchant's pending codes the phone keeps, the
 * redemptions it accepted without a network applied once each on arrival, and the ones that could not be
 * ("Needs attention").
 */

/**
 * GET /merchant/offline-codes: a page of the merchant's vouchers that can still be redeemed (pending, not
 * cancelled, the offer in date on `today`), in code order after `cursor`, with what judging one offline needs and
 * the guest's first name only. The partial index coupons_merchant_pending_idx walks only pending vouchers.
 */
export async function listOfflineCodes(db: Db, merchantId: string, today: string, cursor: string | undefined) {
  const rows = await db
    .select({
      code: coupons.code,
      offerName: offers.offerName,
      validityTo: offers.validityTo,
      redeemWeekdays: offers.redeemWeekdays,
      blackoutDates: offers.blackoutDates,
      minBill: offers.minBill,
      openingHours: offers.openingHours,
      closingHours: offers.closingHours,
      firstName: sql<string>`split_part(btrim(${customerScans.customerName}), ' ', 1)`,
    })
    .from(coupons)
    .innerJoin(offers, eq(offers.id, coupons.offerId))
    .innerJoin(customerScans, eq(customerScans.id, coupons.scanId))
    .where(
      and(
        eq(coupons.merchantId, merchantId),
        eq(coupons.isRedeemed, false),
        isNull(coupons.cancelledAt),
        cursor ? gt(coupons.code, cursor) : undefined,
        gte(offers.validityTo, today),
      ),
    )
    .orderBy(asc(coupons.code))
    .limit(OFFLINE_CODES_PAGE + 1);
  const page = rows.slice(0, OFFLINE_CODES_PAGE);
  return { codes: page, next: rows.length > OFFLINE_CODES_PAGE ? page.at(-1)!.code : null };
}
export type OfflineCodeRow = Awaited<ReturnType<typeof listOfflineCodes>>['codes'][number];

/** What one queued redemption came to, as answered and as replayed. */
export interface OfflineResult {
  nonce: string;
  code: string;
  status: 'ok' | 'needs_attention';
  reason: OfflineReason | null;
  rule: NotValidRule | null;
  message: string;
  redeemedAt: Date | null;
  receivedAt: Date;
}

const resultColumns = {
  nonce: offlineRedemptions.nonce,
  code: offlineRedemptions.code,
  status: offlineRedemptions.status,
  reason: offlineRedemptions.reason,
  rule: offlineRedemptions.rule,
  message: offlineRedemptions.message,
  redeemedAt: offlineRedemptions.redeemedAt,
  receivedAt: offlineRedemptions.receivedAt,
};

/**
 * The redemption's time: the phone's clock, but never before its last sync (nor more than OFFLINE_MAX_DAYS before
 * the arrival, whatever the phone says its last sync was) and never after the arrival.
 */
export function boundedTime(deviceTime: Date, syncedAt: Date, arrival: Date): Date {
  const earliest = Math.max(syncedAt.getTime(), arrival.getTime() - OFFLINE_MAX_DAYS * 86_400_000);
  const from = Math.min(earliest, arrival.getTime());
  return new Date(Math.min(Math.max(deviceTime.getTime(), from), arrival.getTime()));
}

interface Verdict {
  couponId: string | null;
  reason: OfflineReason | null;
  rule: NotValidRule | null;
  message: string;
}

/** Why the redemption's UPDATE changed nothing, read after it in the same transaction (docs/COUNTER.md order). */
async function whyNot(db: Db, merchantId: string, item: OfflineRedemptionItem, day: string): Promise<Verdict> {
  const coupon = await findMerchantCoupon(db, merchantId, item.code);
  const verdict = (reason: OfflineReason, rule: NotValidRule | null = null, message = OFFLINE_REASON_TEXT[reason]) => ({
    couponId: coupon?.id ?? null,
    reason,
    rule,
    message,
  });
  if (!coupon) return verdict('unknown');
  if (coupon.isRedeemed) return verdict('redeemed_elsewhere');
  if (coupon.cancelledAt) return verdict('cancelled');
  const rules = presentOfferRules(coupon);
  const refusal = offlineRefusal({ ...rules, validity_to: coupon.validityTo }, day, item.bill_amount ?? null);
  if (refusal?.reason === 'expired') return verdict('expired', null, refusal.message);
  if (refusal?.reason === 'not_valid_now') return verdict('not_valid_now', refusal.rule, refusal.message);
  // The phone asks for the bill of an offer with a minimum before accepting; one that arrives without is below it.
  if (refusal?.reason === 'bill_required') return verdict('not_valid_now', 'min_bill', refusal.message);
  // Pending, in date and within its rules, yet the update missed it (the offer changed in between): the whole
  // transaction is undone, so the nonce is free and the phone's next sync sends it again.
  throw new AppError(503, 'This redemption could not be applied just now. It will be sent again.');
}

/**
 * Applies one redemption accepted offline, exactly once per (merchant, nonce): the nonce's row is inserted first in
 * the transaction, so a replay (even a concurrent one, which waits on the unique index) finds it and answers what it
 * stored, redeeming nothing. The voucher is redeemed by the counter's own statement (its rules on the business day
 * of the bounded time), and a result that is not `ok` is an audit event (`coupon.offline_conflict`).
 */
async function applyOne(
  db: Db,
  merchantId: string,
  item: OfflineRedemptionItem,
  syncedAt: Date | undefined,
  timeZone: string,
  audit: AuditContext,
): Promise<OfflineResult> {
  return db.transaction(async (tx) => {
    const arrival = new Date();
    const [claimed] = await tx
      .insert(offlineRedemptions)
      .values({
        merchantId,
        nonce: item.nonce,
        code: item.code,
        acceptedBy: audit.actor.id,
        deviceTime: item.device_time,
        receivedAt: arrival,
        billAmount: item.bill_amount ?? null,
        status: 'needs_attention',
        message: '',
      })
      .onConflictDoNothing({ target: [offlineRedemptions.merchantId, offlineRedemptions.nonce] })
      .returning({ id: offlineRedemptions.id });
    if (!claimed) {
      const [stored] = await tx
        .select(resultColumns)
        .from(offlineRedemptions)
        .where(and(eq(offlineRedemptions.merchantId, merchantId), eq(offlineRedemptions.nonce, item.nonce)));
      return stored!;
    }
    // An unproven last sync (offline-sync-proof.ts) bounds nothing: the redemption is dated on its arrival.
    const at = boundedTime(item.device_time, syncedAt ?? arrival, arrival);
    const day = todayIn(timeZone, at);
    const attempt = { code: item.code, billAmount: item.bill_amount ?? null, overrideReason: null };
    const redeemed = await redeemCoupon(tx, merchantId, { ...attempt, offline: { at, nonce: item.nonce } }, day, audit);
    const verdict: Verdict = redeemed
      ? { couponId: redeemed.id, reason: null, rule: null, message: REDEEMED_MESSAGE }
      : await whyNot(tx, merchantId, item, day);
    const status = redeemed ? 'ok' : 'needs_attention';
    const [row] = await tx
      .update(offlineRedemptions)
      .set({
        couponId: verdict.couponId,
        status,
        reason: verdict.reason,
        rule: verdict.rule,
        message: verdict.message,
        redeemedAt: redeemed ? at : null,
      })
      .where(eq(offlineRedemptions.id, claimed.id))
      .returning(resultColumns);
    if (!redeemed) {
      // The back office's activity log (docs/SECURITY.md "Audit trail"): what arrived and why it was not applied.
      await recordAudit(tx, audit, {
        action: 'coupon.offline_conflict',
        entity: 'coupon',
        entityId: verdict.couponId,
        after: {
          code: item.code,
          merchant_id: merchantId,
          reason: verdict.reason,
          rule: verdict.rule,
          message: verdict.message,
          offline_nonce: item.nonce,
          device_time: item.device_time.toISOString(),
          received_at: arrival.toISOString(),
        },
      });
    }
    return row!;
  });
}

/** POST /merchant/offline-redemptions: each item in the order the phone accepted them, one transaction each. */
export async function applyOfflineBatch(
  db: Db,
  merchantId: string,
  batch: { synced_at: Date | undefined; items: OfflineRedemptionItem[] },
  timeZone: string,
  audit: AuditContext,
): Promise<OfflineResult[]> {
  const results: OfflineResult[] = [];
  for (const item of batch.items) results.push(await applyOne(db, merchantId, item, batch.synced_at, timeZone, audit));
  return results;
}

/**
 * GET /merchant/offline-redemptions: "Needs attention", the merchant's queued redemptions that were not applied,
 * newest arrival first, a page at a time (partial index offline_redemptions_attention_idx), with the login that
 * accepted each.
 */
export async function listNeedsAttention(db: Db, merchantId: string, cursor: NeedsAttentionCursor | undefined) {
  const o = offlineRedemptions;
  const rows = await db
    .select({
      id: o.id,
      nonce: o.nonce,
      code: o.code,
      reason: o.reason,
      rule: o.rule,
      message: o.message,
      deviceTime: o.deviceTime,
      receivedAt: o.receivedAt,
      // To the microsecond, as the cursor keeps it (a JS Date has milliseconds only).
      receivedAtText: exactUtc(o.receivedAt),
      acceptedBy: loginName(o.acceptedBy),
    })
    .from(o)
    .where(
      and(
        eq(o.merchantId, merchantId),
        eq(o.status, 'needs_attention'),
        cursor
          ? or(
              lt(o.receivedAt, sql`${cursor.at}::timestamptz`),
              and(eq(o.receivedAt, sql`${cursor.at}::timestamptz`), lt(o.id, cursor.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(o.receivedAt), desc(o.id))
    .limit(NEEDS_ATTENTION_PAGE + 1);
  const page = rows.slice(0, NEEDS_ATTENTION_PAGE);
  const last = page.at(-1);
  return {
    rows: page,
    next: rows.length > NEEDS_ATTENTION_PAGE && last ? { at: last.receivedAtText, id: last.id } : null,
  };
}
export type NeedsAttentionRow = Awaited<ReturnType<typeof listNeedsAttention>>['rows'][number];

/** Erasure (docs/PRIVACY.md "Offline redemptions"): the queued redemptions of the scans' vouchers go. */
export async function deleteOfflineRedemptionsOfScans(db: Db, scanIds: readonly string[]): Promise<number> {
  if (scanIds.length === 0) return 0;
  const deleted = await db
    .delete(offlineRedemptions)
    .where(
      inArray(
        offlineRedemptions.couponId,
        db
          .select({ id: coupons.id })
          .from(coupons)
          .where(inArray(coupons.scanId, [...scanIds])),
      ),
    )
    .returning({ id: offlineRedemptions.id });
  return deleted.length;
}

/** Retention: queued redemptions that arrived before `before` go (index offline_redemptions_received_idx). */
export async function deleteOfflineRedemptionsBefore(db: Db, before: Date | SQL): Promise<number> {
  const deleted = await db
    .delete(offlineRedemptions)
    .where(lt(offlineRedemptions.receivedAt, before))
    .returning({ id: offlineRedemptions.id });
  return deleted.length;
}
