import { and, desc, eq, gte, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { MAX_VOUCHERS_PER_SCAN } from '../../../shared/constants';
import { addDays } from '../../../shared/dates';
import { isVoucherCode, MY_CUSTOMERS_PAGE_DEFAULT, type MyCustomersQuery } from '../../../shared/schemas/merchant-area';
import type { Db } from '../../db/client';
import { foldCouponCounts } from '../../db/folded-counts';
import { prepared } from '../../db/prepared';
import { coupons } from '../../modules/coupons/table';
import { customerScans } from '../../modules/customer-scans/table';
import { merchants } from '../../modules/merchants/table';
import { merchantStats } from '../../db/derived-tables';
import { offers } from '../../modules/offers/table';
import { loginName } from '../../modules/users/login-name';
import { forbidden } from '../../platform/lib/errors';
import type { AuditContext } from '../../modules/audit/audit.service';
import { findMerchantCoupon, redeemCoupon, type RedemptionAttempt } from '../../modules/coupons/coupons.service';
import { presentOfferRules, type OfferRuleColumns } from '../../modules/offers/offers.presenter';
import { billRefusal, redeemableOn, type NotValidRule } from '../../../shared/offer-rules';

/**
 * The merchant area (docs/PRODUCT.md "Screens", docs/PRODUCT.md "Roles", docs/PRODUCT.md "Codes and redemption"):
 * everything here is scoped to one merchant, the caller's. Offers are read and written through the offers service and
 * the redemption is the coupons service's; this module owns the merchant's view of them: its counts, the redemption's
 * outcome and the customers who redeemed.
 */

export const MERCHANT_INACTIVE = 'This merchant account is no longer active. Please contact StayPerks.';

export interface OwnMerchant {
  id: string;
  name: string;
}

/**
 * The caller's merchant. A merchant login without a merchant, or whose merchant was archived (a deleted
 * merchant's login is removed with it, so this is a safety net), is refused with 403 rather than shown empty data.
 */
export async function ownMerchant(db: Db, merchantId: string | null): Promise<OwnMerchant> {
  if (!merchantId) throw forbidden(MERCHANT_INACTIVE);
  const [row] = await db
    .select({ id: merchants.id, name: merchants.name })
    .from(merchants)
    .where(and(eq(merchants.id, merchantId), isNull(merchants.archivedAt)));
  if (!row) throw forbidden(MERCHANT_INACTIVE);
  return row;
}

const dashboardStatement = (db: Db) =>
  db
    .select({
      id: merchants.id,
      name: merchants.name,
      // Summed over the counter's shards (db/derived-tables.ts).
      total: sql<number>`coalesce(sum(${merchantStats.coupons}), 0)::int`,
      redeemed: sql<number>`coalesce(sum(${merchantStats.redemptions}), 0)::int`,
    })
    .from(merchants)
    .leftJoin(merchantStats, eq(merchantStats.merchantId, merchants.id))
    .where(and(eq(merchants.id, sql.placeholder('merchantId')), isNull(merchants.archivedAt)))
    .groupBy(merchants.id, merchants.name)
    .prepare('merchant_dashboard');

/**
 * GET /merchant/dashboard: the caller's merchant (403 as ownMerchant when it has none or it is archived) and its
 * all-time counts, read from merchant_stats (folded first: db/folded-counts.ts, docs/DATA.md) in one query.
 */
export async function merchantDashboard(
  db: Db,
  merchantId: string | null,
): Promise<{ merchant: OwnMerchant; total: number; redeemed: number }> {
  if (!merchantId) throw forbidden(MERCHANT_INACTIVE);
  await foldCouponCounts(db);
  const [row] = await prepared(db, 'merchant_dashboard', dashboardStatement).execute({ merchantId });
  if (!row) throw forbidden(MERCHANT_INACTIVE);
  return { merchant: { id: row.id, name: row.name }, total: row.total ?? 0, redeemed: row.redeemed ?? 0 };
}

/**
 * What a redemption attempt came to; the presenter turns it into the docs/PRODUCT.md "API fields" result with its
 * message.
 */
export type RedemptionOutcome =
  | {
      kind: 'redeemed';
      code: string;
      customerName: string;
      offerName: string;
      redeemedAt: Date;
      override: boolean;
      rules: OfferRuleColumns;
    }
  | { kind: 'already_redeemed'; code: string; customerName: string; redeemedAt: Date | null; rules: OfferRuleColumns }
  | {
      kind: 'not_valid_now';
      code: string;
      customerName: string;
      rule: NotValidRule;
      message: string;
      rules: OfferRuleColumns;
    }
  | { kind: 'bill_required'; code: string; customerName: string; minBill: number; rules: OfferRuleColumns }
  | { kind: 'expired'; code: string; customerName: string; validityTo: string; rules: OfferRuleColumns }
  | { kind: 'cancelled'; code: string }
  | { kind: 'not_a_code'; code: string }
  | { kind: 'unknown'; code: string }
  | { kind: 'retry'; code: string };

/**
 * POST /merchant/redeem-voucher. The code is already trimmed and upper-cased; `today` is the business day that
 * decides expiry and the offer's weekday and blackout rules. Only when the UPDATE changes nothing is more read, to
 * tell the merchant why: first that the login still has an active merchant (403 otherwise), then the coupon, scoped
 * to the merchant too, so another merchant's code is "unknown", never touched or revealed. The reasons come in the
 * counter's order (docs/COUNTER.md "Offer rules at the counter"): already redeemed, cancelled, expired (none of which
 * "Redeem anyway" passes), then today's weekday or a blackout date (`not_valid_now`), no bill for a minimum bill
 * (`bill_required`), a bill below it (`not_valid_now`); an override reason passes over the two `not_valid_now` ones,
 * as the UPDATE does. `whenMissed` runs before any of that (the wrong-code limit's 429, wrong-code-limit.ts).
 */
export async function redeemVoucher(
  db: Db,
  merchantId: string | null,
  attempt: RedemptionAttempt,
  today: string,
  audit: AuditContext,
  whenMissed: () => Promise<void> = async () => {},
): Promise<RedemptionOutcome> {
  const { code } = attempt;
  if (merchantId && isVoucherCode(code)) {
    const redeemed = await redeemCoupon(db, merchantId, attempt, today, audit);
    if (redeemed) return { kind: 'redeemed', ...redeemed };
  }
  await whenMissed();
  const merchant = await ownMerchant(db, merchantId);
  if (!isVoucherCode(code)) return { kind: 'not_a_code', code };

  const coupon = await findMerchantCoupon(db, merchant.id, code);
  if (!coupon) return { kind: 'unknown', code };
  const rules = coupon;
  if (coupon.isRedeemed)
    return { kind: 'already_redeemed', code, customerName: coupon.customerName, redeemedAt: coupon.redeemedAt, rules };
  // Cancelled when the guest's data was erased: the guest is not named (docs/PRIVACY.md).
  if (coupon.cancelledAt) return { kind: 'cancelled', code };
  if (coupon.validityTo < today)
    return { kind: 'expired', code, customerName: coupon.customerName, validityTo: coupon.validityTo, rules };
  const offerRules = presentOfferRules(coupon);
  const anyway = attempt.overrideReason !== null;
  const customerName = coupon.customerName;
  const notToday = redeemableOn(offerRules, today);
  if (notToday && !anyway) return { kind: 'not_valid_now', code, customerName, ...notToday, rules };
  if (offerRules.min_bill !== null) {
    if (attempt.billAmount === null)
      return { kind: 'bill_required', code, customerName, minBill: offerRules.min_bill, rules };
    const belowMinimum = billRefusal(offerRules.min_bill, attempt.billAmount);
    if (belowMinimum && !anyway) return { kind: 'not_valid_now', code, customerName, ...belowMinimum, rules };
  }
  // Not redeemed, in date and within its rules, yet the update missed it (the offer changed in between): ask to retry.
  return { kind: 'retry', code };
}

/** The instant the business day `date` begins in `timeZone`. */
const startOfDay = (date: string, timeZone: string): SQL => sql`(${date}::date::timestamp at time zone ${timeZone})`;

export interface MerchantCustomerGroup {
  scanId: string;
  scanDate: Date;
  customerName: string;
  mobileNumber: string;
  checkoutDate: string;
  vouchers: {
    code: string;
    offerName: string;
    redeemedAt: Date;
    billAmount: number | null;
    overrideReason: string | null;
    /** The username of the login that redeemed it; null when not known or removed. */
    redeemedBy: string | null;
  }[];
}

/**
 * GET /merchant/my-customers: guests who redeemed this merchant's coupons, one group per scan, the scan with the
 * latest redemption first. `from`/`to` filter the redemption time by business day (To inclusive to the end of
 * its day); `total` is the number of scans. Two statements, run together: the count, and the page with its
 * vouchers. The page walks the merchant's redemptions newest first (index coupons (merchant_id, redeemed_at)):
 * a scan's latest redemption is where it first appears, and a scan holds at most MAX_VOUCHERS_PER_SCAN coupons,
 * so the first MAX × (offset + limit) redemptions hold every scan of the page with its latest time.
 */
export async function listMyCustomers(
  db: Db,
  merchantId: string,
  query: MyCustomersQuery,
  timeZone: string,
): Promise<{ total: number; groups: MerchantCustomerGroup[] }> {
  const where = and(
    eq(coupons.merchantId, merchantId),
    eq(coupons.isRedeemed, true),
    isNotNull(coupons.redeemedAt),
    query.from ? gte(coupons.redeemedAt, startOfDay(query.from, timeZone)) : undefined,
    query.to ? lt(coupons.redeemedAt, startOfDay(addDays(query.to, 1), timeZone)) : undefined,
  );
  const limit = query.limit ?? MY_CUSTOMERS_PAGE_DEFAULT;
  const offset = query.offset ?? 0;

  const recent = db
    .select({ scanId: coupons.scanId, redeemedAt: coupons.redeemedAt })
    .from(coupons)
    .where(where)
    .orderBy(desc(coupons.redeemedAt), desc(coupons.scanId))
    .limit(MAX_VOUCHERS_PER_SCAN * (offset + limit))
    .as('recent');
  const last = sql<Date>`max(${recent.redeemedAt})`.as('last');
  const page = db.$with('page').as(
    db
      .select({ scanId: recent.scanId, last })
      .from(recent)
      .groupBy(recent.scanId)
      .orderBy(desc(sql`max(${recent.redeemedAt})`), desc(recent.scanId))
      .limit(limit)
      .offset(offset),
  );

  const [counted, rows] = await Promise.all([
    db
      .select({ n: sql<number>`count(distinct ${coupons.scanId})`.mapWith(Number) })
      .from(coupons)
      .where(where),
    db
      .with(page)
      .select({
        scanId: customerScans.id,
        scanDate: customerScans.scanDate,
        customerName: customerScans.customerName,
        mobileNumber: customerScans.mobileNumber,
        checkoutDate: customerScans.checkoutDate,
        code: coupons.code,
        offerName: offers.offerName,
        redeemedAt: coupons.redeemedAt,
        billAmount: coupons.billAmount,
        overrideReason: coupons.overrideReason,
        redeemedBy: loginName(coupons.redeemedBy),
      })
      .from(page)
      .innerJoin(coupons, and(eq(coupons.scanId, page.scanId), where))
      .innerJoin(customerScans, eq(customerScans.id, page.scanId))
      .innerJoin(offers, eq(offers.id, coupons.offerId))
      // The page's order (latest redemption first), then each scan's vouchers newest first.
      .orderBy(desc(page.last), desc(page.scanId), desc(coupons.redeemedAt), desc(coupons.code)),
  ]);

  const groups: MerchantCustomerGroup[] = [];
  for (const row of rows) {
    let group = groups.at(-1);
    if (group?.scanId !== row.scanId) {
      group = {
        scanId: row.scanId,
        scanDate: row.scanDate,
        customerName: row.customerName,
        mobileNumber: row.mobileNumber,
        checkoutDate: row.checkoutDate,
        vouchers: [],
      };
      groups.push(group);
    }
    group.vouchers.push({
      code: row.code,
      offerName: row.offerName,
      redeemedAt: row.redeemedAt!,
      billAmount: row.billAmount,
      overrideReason: row.overrideReason,
      redeemedBy: row.redeemedBy,
    });
  }
  return { total: counted[0]?.n ?? 0, groups };
}
