import { and, asc, count, desc, eq, exists, ilike, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { CustomerScanListQuery } from '../../../shared/schemas/insight';
import { SCAN_PAGE_DEFAULT } from '../../../shared/schemas/insight';
import { addDays } from '../../../shared/dates';
import type { Db } from '../../db/client';
import { coupons, customerScans, hotels, locations, merchants, offers } from '../../db/schema';
import { startOfDay } from '../../lib/business-time';

/**
 * The super admin's Customer Scans list (SPEC §2), filtered and paged in SQL so it stays quick with tens of
 * thousands of scans: one count, one page of scans (newest first), and the coupons of that page in one query.
 */

export interface ScanListCoupon {
  id: string;
  scanId: string;
  code: string;
  merchantId: string;
  merchantName: string;
  offerName: string;
  isRedeemed: boolean;
  redeemedAt: Date | null;
}

export interface ScanListRow {
  id: string;
  customerName: string;
  mobileNumber: string;
  checkoutDate: string;
  scanDate: Date;
  hotelId: string;
  hotelName: string;
  locationId: number;
  locationName: string;
  coupons: ScanListCoupon[];
}

/** LIKE pattern that matches `text` literally anywhere (%, _ and \ in the search are not wildcards). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

function filters(query: CustomerScanListQuery, timeZone: string): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.search) {
    const pattern = containing(query.search);
    conditions.push(or(ilike(customerScans.customerName, pattern), like(customerScans.mobileNumber, pattern)));
  }
  // Dates are business days: From at its midnight, To inclusive up to the end of that day.
  if (query.date_from) conditions.push(sql`${customerScans.scanDate} >= ${startOfDay(query.date_from, timeZone)}`);
  if (query.date_to) conditions.push(sql`${customerScans.scanDate} < ${startOfDay(addDays(query.date_to, 1), timeZone)}`);
  if (query.location_id) conditions.push(eq(hotels.locationId, query.location_id));
  if (query.hotel_id) conditions.push(eq(customerScans.hotelId, query.hotel_id));
  if (query.merchant_id) {
    conditions.push(
      exists(
        sql`(select 1 from ${coupons} where ${coupons.scanId} = ${customerScans.id} and ${coupons.merchantId} = ${query.merchant_id})`,
      ),
    );
  }
  return and(...conditions);
}

export async function listCustomerScans(
  db: Db,
  query: CustomerScanListQuery,
  timeZone: string,
): Promise<{ total: number; rows: ScanListRow[] }> {
  const where = filters(query, timeZone);
  const limit = query.limit ?? SCAN_PAGE_DEFAULT;
  const offset = query.offset ?? 0;

  const [counted, page] = await Promise.all([
    db.select({ n: count() }).from(customerScans).innerJoin(hotels, eq(hotels.id, customerScans.hotelId)).where(where),
    db
      .select({
        id: customerScans.id,
        customerName: customerScans.customerName,
        mobileNumber: customerScans.mobileNumber,
        checkoutDate: customerScans.checkoutDate,
        scanDate: customerScans.scanDate,
        hotelId: customerScans.hotelId,
        hotelName: hotels.name,
        locationId: locations.id,
        locationName: locations.name,
      })
      .from(customerScans)
      .innerJoin(hotels, eq(hotels.id, customerScans.hotelId))
      .innerJoin(locations, eq(locations.id, hotels.locationId))
      .where(where)
      .orderBy(desc(customerScans.scanDate), desc(customerScans.id))
      .limit(limit)
      .offset(offset),
  ]);

  const byScan = new Map<string, ScanListCoupon[]>();
  if (page.length > 0) {
    const couponRows = await db
      .select({
        id: coupons.id,
        scanId: coupons.scanId,
        code: coupons.code,
        merchantId: coupons.merchantId,
        merchantName: merchants.name,
        offerName: offers.offerName,
        isRedeemed: coupons.isRedeemed,
        redeemedAt: coupons.redeemedAt,
      })
      .from(coupons)
      .innerJoin(merchants, eq(merchants.id, coupons.merchantId))
      .innerJoin(offers, eq(offers.id, coupons.offerId))
      .where(inArray(coupons.scanId, page.map((scan) => scan.id)))
      .orderBy(asc(coupons.createdAt), asc(coupons.code));
    for (const coupon of couponRows) {
      const list = byScan.get(coupon.scanId);
      if (list) list.push(coupon);
      else byScan.set(coupon.scanId, [coupon]);
    }
  }
  return { total: counted[0]?.n ?? 0, rows: page.map((scan) => ({ ...scan, coupons: byScan.get(scan.id) ?? [] })) };
}
