import { and, eq, gte, isNull, type SQL, sql } from 'drizzle-orm';
import type { AuditAction } from '../../../shared/audit-actions';
import type { Db } from '../../db/client';
import { rateLimits } from '../../platform/middleware/rate-limits.table';
import { auditActionLiteral, auditInsertFrom } from '../audit/audit.service';
import { customerScans } from '../customer-scans/table';
import { merchants } from '../merchants/table';
import { offers } from '../offers/table';
import { walletUpdatesFrom } from '../wallet/wallet-updates';
import { coupons } from './table';

/**
 * The redemption's one statement (docs/PRODUCT.md "Codes and redemption") over `requests`: a CTE with a row per
 * attempt, for one attempt from placeholders (coupons.service.ts redeemCoupon) or for a batch of the counter's
 * (redemption-batches.ts). Its columns: `code`, `merchant_id`, `user_id` and `username` (the login redeeming, the
 * audit's actor), `bill` (numeric or null), `override` (the "Redeem anyway" reason or null), `at` and `nonce` (an
 * offline redemption's time and nonce, docs/COUNTER.md "Without a network"; else null), `address`, `limit_key` and
 * `wrong_limit` (the merchant's wrong-code count's key, null when counted in memory, and its limit), `today` (the
 * business day, a date), `n` (the attempt's number, carried into the answer) and `last_seen_at` (its session's, or
 * null).
 */
type RequestColumn =
  | 'code'
  | 'merchant_id'
  | 'user_id'
  | 'username'
  | 'bill'
  | 'override'
  | 'at'
  | 'nonce'
  | 'address'
  | 'limit_key'
  | 'wrong_limit'
  | 'today'
  | 'n'
  | 'last_seen_at';

/** The CTE `requests` over `body`, a select of those columns (RequestColumn). */
export const requestsCte = (db: Db, body: SQL) => db.$with('requests', { n: sql<string>`n` }).as(body);
type Requests = ReturnType<typeof requestsCte>;

/** A request's column in the statement. */
const request = (column: RequestColumn) => sql.raw(`requests.${column}`);

/**
 * The offer's rules at the counter (docs/COUNTER.md "Offer rules at the counter"), in SQL over `offers` on the business
 * day `day` with the bill `bill`. The same rules as shared/offer-rules.ts `redeemableOn` and `billRefusal`, which tell
 * the merchant which one stopped it.
 */
function counterRules(day: SQL, bill: SQL) {
  return {
    // A list naming all seven days is no rule; null is none.
    weekdayOk: sql`(${offers.redeemWeekdays} is null or extract(isodow from ${day})::smallint = any(${offers.redeemWeekdays}))`,
    blackoutOk: sql`(${offers.blackoutDates} is null or jsonb_typeof(${offers.blackoutDates}) <> 'array' or not exists (
    select 1 from jsonb_array_elements(${offers.blackoutDates}) as r(range)
    where (r.range->>'from')::date <= ${day} and (r.range->>'to')::date >= ${day}))`,
    billOk: sql`(${offers.minBill} is null or ${bill} >= ${offers.minBill})`,
  };
}

/**
 * The merchant's wrong-code limit, read in the redemption's own statement (docs/SECURITY.md "Abuse limits"): nothing
 * changes while its `rate_limits` row (`key`; null when counted in memory) holds `limit` wrong codes or more in an
 * unexpired window. One index read, no lock and no round trip of its own.
 */
const wrongCodesBelowLimit = (key: SQL, limit: SQL) => sql`(${key} is null or not exists (select 1 from ${rateLimits}
  where ${rateLimits.key} = ${key} and ${rateLimits.points} >= ${limit}
    and (${rateLimits.expire} is null or ${rateLimits.expire} > (extract(epoch from now()) * 1000)::bigint)))`;

/** The audit events a redemption writes. */
const REDEMPTION_EVENTS = {
  redeem: { action: 'coupon.redeem' },
  anyway: { action: 'coupon.redeem_override' },
  bill: { action: 'coupon.bill_amount' },
} satisfies Record<string, { action: AuditAction }>;

/**
 * The redemption, ONE atomic UPDATE guarded by `NOT is_redeemed`: under any concurrency exactly one caller gets a row
 * back. It also requires the offer in date, its rules kept and the merchant not archived, so the success path is this
 * one statement for every offer (the counters move by trigger, docs/DATA.md). The rules (docs/COUNTER.md "Offer rules
 * at the counter"): today one of its weekdays and on no blackout date, and with a minimum bill a bill sent that
 * reaches it; an override reason ("Redeem anyway") passes over those, never over a missing bill (it must be
 * recorded), and is recorded on the coupon only when a rule was passed over. A bill sent is recorded with the
 * redemption (coupons_spend trigger). It records the login that redeemed (redeemed_by) and, in the same statement,
 * the audit events (docs/SECURITY.md): `coupon.redeem`, or `coupon.redeem_override` with the reason and the rule
 * instead, and `coupon.bill_amount` with a bill; and a Google Wallet pass's update. No extra round trip.
 */
export function redemptionStatement(db: Db, requests: Requests) {
  const today = request('today');
  const input = {
    code: request('code'),
    merchantId: request('merchant_id'),
    userId: request('user_id'),
    bill: request('bill'),
    override: request('override'),
    at: request('at'),
  };
  const rules = counterRules(today, input.bill);
  /** The first rule the redemption passed over ("Redeem anyway"), in the order the counter checks them; else null. */
  const overriddenRule = sql<string | null>`case when not ${rules.weekdayOk} then 'weekday'
  when not ${rules.blackoutOk} then 'blackout' when not ${rules.billOk} then 'min_bill' end`;
  const redeemed = db.$with('redeemed').as(
    db
      .update(coupons)
      .set({
        isRedeemed: true,
        // An offline redemption's time is the phone's, bounded (docs/COUNTER.md "Without a network"); else now.
        redeemedAt: sql`coalesce(${input.at}, now())`,
        redeemedBy: input.userId,
        billAmount: input.bill,
        overrideReason: sql`case when ${overriddenRule} is null then null else ${input.override} end`,
      })
      .from(offers)
      .innerJoin(requests, sql`true`)
      .where(
        and(
          eq(coupons.code, input.code),
          eq(coupons.merchantId, input.merchantId),
          eq(coupons.isRedeemed, false),
          // A voucher cancelled when its guest's data was erased is never redeemed (docs/PRIVACY.md).
          isNull(coupons.cancelledAt),
          eq(offers.id, coupons.offerId),
          gte(offers.validityTo, today),
          sql`(${input.override} is not null or (${rules.weekdayOk} and ${rules.blackoutOk}))`,
          sql`(${offers.minBill} is null or (${input.bill} is not null and (${input.override} is not null or ${rules.billOk})))`,
          sql`exists (select 1 from ${merchants} where ${merchants.id} = ${coupons.merchantId} and ${merchants.archivedAt} is null)`,
          wrongCodesBelowLimit(request('limit_key'), request('wrong_limit')),
        ),
      )
      .returning({
        n: sql<string>`${request('n')}`.as('n'),
        lastSeenAt: sql<Date | null>`${request('last_seen_at')}`.mapWith(coupons.redeemedAt).as('last_seen_at'),
        id: coupons.id,
        code: coupons.code,
        merchantId: coupons.merchantId,
        offerId: coupons.offerId,
        redeemedAt: coupons.redeemedAt,
        redeemedBy: coupons.redeemedBy,
        actorUsername: sql<string>`${request('username')}`.as('actor_username'),
        address: sql<string | null>`${request('address')}`.as('address'),
        nonce: sql<string | null>`${request('nonce')}`.as('nonce'),
        billAmount: coupons.billAmount,
        overrideReason: coupons.overrideReason,
        overrideRule: sql<
          string | null
        >`case when ${coupons.overrideReason} is null then null else ${overriddenRule} end`.as('override_rule'),
        offerName: offers.offerName,
        customerName:
          sql<string>`(select ${customerScans.customerName} from ${customerScans} where ${customerScans.id} = ${coupons.scanId})`.as(
            'customer_name',
          ),
        // The offer's rules, which the counter shows with the result.
        redeemWeekdays: offers.redeemWeekdays,
        blackoutDates: offers.blackoutDates,
        minBill: offers.minBill,
        maxParty: offers.maxParty,
        perGuestDays: offers.perGuestDays,
        merchantPerGuestDays: sql<
          number | null
        >`(select ${merchants.perGuestDays} from ${merchants} where ${merchants.id} = ${coupons.merchantId})`.as(
          'merchant_per_guest_days',
        ),
      }),
  );
  const before = sql`jsonb_build_object('code', ${redeemed.code}, 'merchant_id', ${redeemed.merchantId}, 'offer_id', ${redeemed.offerId},
          'is_redeemed', false, 'redeemed_at', null, 'redeemed_by', null)`;
  // An offline redemption names its nonce and when it arrived (docs/COUNTER.md "Without a network").
  const after = sql`jsonb_build_object('code', ${redeemed.code}, 'merchant_id', ${redeemed.merchantId}, 'offer_id', ${redeemed.offerId},
          'offer_name', ${redeemed.offerName}, 'is_redeemed', true, 'redeemed_at', ${redeemed.redeemedAt}, 'redeemed_by', ${redeemed.redeemedBy})
          || case when ${redeemed.nonce} is null then '{}'::jsonb
             else jsonb_build_object('offline_nonce', ${redeemed.nonce}, 'received_at', now()) end`;
  // The events in one INSERT (one write to audit_events' table and indexes rather than one per kind): the redemption,
  // or "Redeem anyway" naming the reason and the rule passed over (docs/COUNTER.md), then a bill sent with it, as
  // PUT /merchant/redemptions/{code}/bill records it.
  const events = sql`${redeemed} cross join lateral (values
      (case when ${redeemed.overrideReason} is null then ${auditActionLiteral(REDEMPTION_EVENTS.redeem.action)}
         else ${auditActionLiteral(REDEMPTION_EVENTS.anyway.action)} end, ${before},
       case when ${redeemed.overrideReason} is null then ${after}
         else ${after} || jsonb_build_object('override_reason', ${redeemed.overrideReason}, 'override_rule', ${redeemed.overrideRule}) end),
      (case when ${redeemed.billAmount} is not null then ${auditActionLiteral(REDEMPTION_EVENTS.bill.action)} end,
       jsonb_build_object('code', ${redeemed.code}, 'bill_amount', null),
       jsonb_build_object('code', ${redeemed.code}, 'bill_amount', ${redeemed.billAmount}))
    ) as event (action, before, after) where event.action is not null`;
  const audited = db.$with('audited', {}).as(
    auditInsertFrom(events, {
      actorId: sql`${redeemed.redeemedBy}`,
      actorUsername: sql`${redeemed.actorUsername}`,
      action: sql`event.action`,
      entity: 'coupon',
      entityId: sql`${redeemed.id}::text`,
      before: sql`event.before`,
      after: sql`event.after`,
      address: sql`${redeemed.address}`,
    }),
  );
  // A voucher saved to Google Wallet gets its pass's update queued (docs/PRODUCT.md "Google Wallet").
  const walletUpdate = db.$with('wallet_update', {}).as(walletUpdatesFrom(redeemed, redeemed.id));
  return db
    .with(requests, redeemed, audited, walletUpdate)
    .select({
      n: redeemed.n,
      lastSeenAt: redeemed.lastSeenAt,
      id: redeemed.id,
      code: redeemed.code,
      redeemedAt: redeemed.redeemedAt,
      billAmount: redeemed.billAmount,
      overrideReason: redeemed.overrideReason,
      offerName: redeemed.offerName,
      customerName: redeemed.customerName,
      redeemWeekdays: redeemed.redeemWeekdays,
      blackoutDates: redeemed.blackoutDates,
      minBill: redeemed.minBill,
      maxParty: redeemed.maxParty,
      perGuestDays: redeemed.perGuestDays,
      merchantPerGuestDays: redeemed.merchantPerGuestDays,
    })
    .from(redeemed);
}

/** The offer's rule columns the counter shows with a redemption (offers.presenter.ts presentOfferRules). */
export type RedemptionRow = Awaited<ReturnType<ReturnType<typeof redemptionStatement>['execute']>>[number];
