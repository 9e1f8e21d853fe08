import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { coupons, customerScans, hotels, merchants, merchantTypes, offers } from '../../db/schema';
import { generateVoucherCode } from '../../lib/codes';
import { notFound } from '../../lib/errors';
import { auditInsertFrom, type AuditContext } from '../audit/audit.service';

/** Everything a coupon card, the scan response and the PDF show: one join, read-only. */
const couponColumns = {
  id: coupons.id,
  scanId: coupons.scanId,
  code: coupons.code,
  isRedeemed: coupons.isRedeemed,
  redeemedAt: coupons.redeemedAt,
  createdAt: coupons.createdAt,
  offerName: offers.offerName,
  offerType: offers.offerType,
  offerValue: offers.offerValue,
  validityTo: offers.validityTo,
  termsConditions: offers.termsConditions,
  merchantName: merchants.name,
  merchantAddress: merchants.address,
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

/** A coupon with its hotel's name, for the PDF voucher. */
export async function getCouponForVoucher(db: Db, id: string) {
  const [row] = await db
    .select({ ...couponColumns, hotelName: hotels.name })
    .from(coupons)
    .innerJoin(offers, eq(offers.id, coupons.offerId))
    .innerJoin(merchants, eq(merchants.id, coupons.merchantId))
    .innerJoin(merchantTypes, eq(merchantTypes.id, merchants.merchantTypeId))
    .innerJoin(customerScans, eq(customerScans.id, coupons.scanId))
    .innerJoin(hotels, eq(hotels.id, customerScans.hotelId))
    .where(eq(coupons.id, id))
    .limit(1);
  if (!row) throw notFound('Coupon not found');
  return row;
}

export interface IssuedCoupon {
  id: string;
  offerId: string;
  code: string;
}

/**
 * Issues one coupon per offer with fresh codes, in one multi-row INSERT. A code that collides with an existing one
 * (unique index) is skipped by ON CONFLICT, so a collision never aborts the surrounding transaction; only the
 * offers left without a coupon are drawn again.
 */
export async function issueCoupons(
  db: Db,
  scanId: string,
  picked: readonly { offerId: string; merchantId: string }[],
): Promise<IssuedCoupon[]> {
  const issued: IssuedCoupon[] = [];
  let missing = picked;
  for (let attempt = 0; missing.length > 0; attempt++) {
    if (attempt === 10) throw new Error('Could not draw a unique voucher code');
    const rows = await db
      .insert(coupons)
      .values(
        missing.map((offer) => ({
          scanId,
          offerId: offer.offerId,
          merchantId: offer.merchantId,
          code: generateVoucherCode(),
        })),
      )
      .onConflictDoNothing({ target: coupons.code })
      .returning({ id: coupons.id, offerId: coupons.offerId, code: coupons.code });
    issued.push(...rows);
    const done = new Set(rows.map((row) => row.offerId));
    missing = missing.filter((offer) => !done.has(offer.offerId));
  }
  return issued;
}

/**
 * The redemption, ONE atomic UPDATE guarded by `NOT is_redeemed` (DESIGN §5): under any concurrency exactly one
 * caller gets a row back. It also requires the offer in date and the merchant not archived, so the success path is
 * this one prepared statement (the counters move by trigger, docs/DATA.md). It records the login that redeemed
 * (redeemed_by) and, in the same statement, the audit event (docs/SECURITY.md): no extra round trip.
 */
const redeemStatement = (db: Db) => {
  const redeemed = db.$with('redeemed').as(
    db
      .update(coupons)
      .set({ isRedeemed: true, redeemedAt: sql`now()`, redeemedBy: sql`${sql.placeholder('userId')}::uuid` })
      .from(offers)
      .where(
        and(
          eq(coupons.code, sql.placeholder('code')),
          eq(coupons.merchantId, sql.placeholder('merchantId')),
          eq(coupons.isRedeemed, false),
          eq(offers.id, coupons.offerId),
          gte(offers.validityTo, sql.placeholder('today')),
          sql`exists (select 1 from ${merchants} where ${merchants.id} = ${coupons.merchantId} and ${merchants.archivedAt} is null)`,
        ),
      )
      .returning({
        id: coupons.id,
        code: coupons.code,
        merchantId: coupons.merchantId,
        offerId: coupons.offerId,
        redeemedAt: coupons.redeemedAt,
        redeemedBy: coupons.redeemedBy,
        offerName: offers.offerName,
        customerName:
          sql<string>`(select ${customerScans.customerName} from ${customerScans} where ${customerScans.id} = ${coupons.scanId})`.as(
            'customer_name',
          ),
      }),
  );
  const audited = db.$with('audited', {}).as(
    auditInsertFrom(redeemed, {
      actorId: sql`${sql.placeholder('userId')}::uuid`,
      actorUsername: sql`${sql.placeholder('username')}::text`,
      action: 'coupon.redeem',
      entity: 'coupon',
      entityId: sql`${redeemed.id}::text`,
      before: sql`jsonb_build_object('code', ${redeemed.code}, 'merchant_id', ${redeemed.merchantId}, 'offer_id', ${redeemed.offerId},
          'is_redeemed', false, 'redeemed_at', null, 'redeemed_by', null)`,
      after: sql`jsonb_build_object('code', ${redeemed.code}, 'merchant_id', ${redeemed.merchantId}, 'offer_id', ${redeemed.offerId},
          'offer_name', ${redeemed.offerName}, 'is_redeemed', true, 'redeemed_at', ${redeemed.redeemedAt}, 'redeemed_by', ${redeemed.redeemedBy})`,
      address: sql`${sql.placeholder('address')}::text`,
    }),
  );
  return db
    .with(redeemed, audited)
    .select({
      code: redeemed.code,
      redeemedAt: redeemed.redeemedAt,
      offerName: redeemed.offerName,
      customerName: redeemed.customerName,
    })
    .from(redeemed)
    .prepare('redeem_voucher');
};

export interface RedeemedCoupon {
  code: string;
  customerName: string;
  offerName: string;
  redeemedAt: Date;
}

/**
 * Redeems the merchant's coupon with this code (trimmed and upper-cased) if it is unredeemed, its offer is in date
 * on the business day `today` and the merchant is active; undefined when nothing changed (see whyNotRedeemed).
 */
export async function redeemCoupon(
  db: Db,
  merchantId: string,
  code: string,
  today: string,
  audit: AuditContext,
): Promise<RedeemedCoupon | undefined> {
  const [row] = await prepared(db, 'redeem_voucher', redeemStatement).execute({
    code,
    merchantId,
    today,
    userId: audit.actor.id,
    username: audit.actor.username,
    address: audit.address,
  });
  return row && { ...row, redeemedAt: row.redeemedAt! };
}

/** The merchant's coupon with this code, for telling why a redemption changed nothing; another merchant's is undefined. */
export async function findMerchantCoupon(db: Db, merchantId: string, code: string) {
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
  return coupon;
}
