import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coupons, customerScans, hotels, merchants, merchantTypes, offers } from '../../db/schema';
import { generateVoucherCode } from '../../lib/codes';
import { notFound } from '../../lib/errors';

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
