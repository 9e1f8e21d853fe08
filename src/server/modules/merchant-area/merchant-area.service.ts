import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lt, max, sql, type SQL } from 'drizzle-orm';
import { addDays } from '../../../shared/dates';
import { isVoucherCode, MY_CUSTOMERS_PAGE_DEFAULT, type MyCustomersQuery } from '../../../shared/schemas/merchant-area';
import type { Db } from '../../db/client';
import { coupons, customerScans, merchants, offers } from '../../db/schema';
import { forbidden } from '../../lib/errors';

/**
 * The merchant area (SPEC §2, §7; DESIGN §4, §5): everything here is scoped to one merchant, the caller's.
 * Offers themselves are read and written through the offers service; this module owns the merchant's view of
 * coupons: its counts, the redemption and the customers who redeemed.
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

/** GET /merchant/dashboard: the merchant's vouchers counted in SQL. */
export async function voucherCounts(db: Db, merchantId: string): Promise<{ total: number; redeemed: number }> {
  const [row] = await db
    .select({
      total: count(),
      redeemed: sql<number>`count(*) filter (where ${coupons.isRedeemed})`.mapWith(Number),
    })
    .from(coupons)
    .where(eq(coupons.merchantId, merchantId));
  return { total: row?.total ?? 0, redeemed: row?.redeemed ?? 0 };
}

/** What a redemption attempt came to; the presenter turns it into the SPEC §3 result with its message. */
export type RedemptionOutcome =
  | { kind: 'redeemed'; code: string; customerName: string; offerName: string; redeemedAt: Date }
  | { kind: 'already_redeemed'; code: string; customerName: string; redeemedAt: Date | null }
  | { kind: 'expired'; code: string; customerName: string; validityTo: string }
  | { kind: 'not_a_code'; code: string }
  | { kind: 'unknown'; code: string }
  | { kind: 'retry'; code: string };

/**
 * POST /merchant/redeem-voucher (DESIGN §5). `code` is already trimmed and upper-cased; `today` is the business
 * day that decides expiry. Redemption is ONE atomic UPDATE guarded by `NOT is_redeemed`: under any concurrency
 * exactly one caller gets a row back. Only when it updates nothing is the coupon read, to tell the merchant why;
 * that read is scoped to the merchant too, so another merchant's code is "unknown", never touched or revealed.
 */
export async function redeemVoucher(db: Db, merchantId: string, code: string, today: string): Promise<RedemptionOutcome> {
  if (!isVoucherCode(code)) return { kind: 'not_a_code', code };

  // UPDATE coupons SET is_redeemed = true, redeemed_at = now() FROM offers
  //  WHERE code = $1 AND merchant_id = $2 AND NOT is_redeemed AND offers.id = offer_id AND offers.validity_to >= $today
  //  RETURNING code, redeemed_at, offer_name, (the scan's customer_name)
  const [redeemed] = await db
    .update(coupons)
    .set({ isRedeemed: true, redeemedAt: sql`now()` })
    .from(offers)
    .where(
      and(
        eq(coupons.code, code),
        eq(coupons.merchantId, merchantId),
        eq(coupons.isRedeemed, false),
        eq(offers.id, coupons.offerId),
        gte(offers.validityTo, today),
      ),
    )
    .returning({
      code: coupons.code,
      redeemedAt: coupons.redeemedAt,
      offerName: offers.offerName,
      customerName: sql<string>`(select ${customerScans.customerName} from ${customerScans} where ${customerScans.id} = ${coupons.scanId})`,
    });
  if (redeemed) {
    return { kind: 'redeemed', code: redeemed.code, customerName: redeemed.customerName, offerName: redeemed.offerName, redeemedAt: redeemed.redeemedAt! };
  }

  const [coupon] = await db
    .select({
      code: coupons.code,
      isRedeemed: coupons.isRedeemed,
      redeemedAt: coupons.redeemedAt,
      customerName: customerScans.customerName,
      validityTo: offers.validityTo,
    })
    .from(coupons)
    .innerJoin(customerScans, eq(customerScans.id, coupons.scanId))
    .innerJoin(offers, eq(offers.id, coupons.offerId))
    .where(and(eq(coupons.code, code), eq(coupons.merchantId, merchantId)))
    .limit(1);
  if (!coupon) return { kind: 'unknown', code };
  if (coupon.isRedeemed) return { kind: 'already_redeemed', code, customerName: coupon.customerName, redeemedAt: coupon.redeemedAt };
  if (coupon.validityTo < today) return { kind: 'expired', code, customerName: coupon.customerName, validityTo: coupon.validityTo };
  // Not redeemed and in date, yet the update missed it (the offer's dates changed in between): ask to retry.
  return { kind: 'retry', code };
}

/** The instant the business day `date` begins in `timeZone`. */
const startOfDay = (date: string, timeZone: string): SQL => sql`(${date}::date::timestamp at time zone ${timeZone})`;

export interface CustomerVoucherRow {
  scanId: string;
  scanDate: Date;
  customerName: string;
  mobileNumber: string;
  checkoutDate: string;
  code: string;
  offerName: string;
  redeemedAt: Date;
}

export interface MerchantCustomerGroup {
  scanId: string;
  scanDate: Date;
  customerName: string;
  mobileNumber: string;
  checkoutDate: string;
  vouchers: { code: string; offerName: string; redeemedAt: Date }[];
}

/**
 * GET /merchant/my-customers: guests who redeemed this merchant's coupons, one group per scan, the scan with the
 * latest redemption first. `from`/`to` filter the redemption time by business day (To inclusive to the end of
 * its day). Paged over scans in SQL (the page of scans, then their vouchers); `total` is the number of scans.
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
  const lastRedeemed = max(coupons.redeemedAt);
  const [counted, page] = await Promise.all([
    db.select({ n: sql<number>`count(distinct ${coupons.scanId})`.mapWith(Number) }).from(coupons).where(where),
    db
      .select({ scanId: coupons.scanId, last: lastRedeemed })
      .from(coupons)
      .where(where)
      .groupBy(coupons.scanId)
      .orderBy(desc(lastRedeemed), desc(coupons.scanId))
      .limit(query.limit ?? MY_CUSTOMERS_PAGE_DEFAULT)
      .offset(query.offset ?? 0),
  ]);
  const scanIds = page.map((p) => p.scanId);
  if (scanIds.length === 0) return { total: counted[0]?.n ?? 0, groups: [] };

  const rows: CustomerVoucherRow[] = (
    await db
      .select({
        scanId: customerScans.id,
        scanDate: customerScans.scanDate,
        customerName: customerScans.customerName,
        mobileNumber: customerScans.mobileNumber,
        checkoutDate: customerScans.checkoutDate,
        code: coupons.code,
        offerName: offers.offerName,
        redeemedAt: coupons.redeemedAt,
      })
      .from(coupons)
      .innerJoin(customerScans, eq(customerScans.id, coupons.scanId))
      .innerJoin(offers, eq(offers.id, coupons.offerId))
      .where(and(where, inArray(coupons.scanId, scanIds)))
      .orderBy(desc(coupons.redeemedAt), desc(coupons.code))
  ).map((row) => ({ ...row, redeemedAt: row.redeemedAt! }));

  const byScan = new Map<string, MerchantCustomerGroup>();
  for (const row of rows) {
    let group = byScan.get(row.scanId);
    if (!group) {
      group = {
        scanId: row.scanId,
        scanDate: row.scanDate,
        customerName: row.customerName,
        mobileNumber: row.mobileNumber,
        checkoutDate: row.checkoutDate,
        vouchers: [],
      };
      byScan.set(row.scanId, group);
    }
    group.vouchers.push({ code: row.code, offerName: row.offerName, redeemedAt: row.redeemedAt });
  }
  // In the page's order: latest redemption first.
  const groups = scanIds.map((id) => byScan.get(id)).filter((group): group is MerchantCustomerGroup => group !== undefined);
  return { total: counted[0]?.n ?? 0, groups };
}
