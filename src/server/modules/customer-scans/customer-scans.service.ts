import { and, eq, gte, sql } from 'drizzle-orm';
import { ALREADY_COLLECTED, type ScanSubmission } from '../../../shared/schemas/scans';
import type { ScanCheck, ScanResponse } from '../../../shared/types';
import type { Db } from '../../db/client';
import { customerScans } from '../../db/schema';
import { AppError, conflict, isUniqueViolation } from '../../lib/errors';
import { issueCoupons, listCouponsOfScans } from '../coupons/coupons.service';
import { presentCoupon } from '../coupons/coupons.presenter';
import { getHotel, isHotelActive, type HotelRow } from '../hotels/hotels.service';
import { guestOffersByIds } from '../offers/offers.service';

export const HOTEL_NOT_FOUND = 'This hotel was not found. Please scan the QR code in your room again.';
export const HOTEL_INACTIVE = 'This hotel is not offering vouchers right now. Please ask the front desk.';
export const OFFERS_UNAVAILABLE = 'One or more selected vouchers are no longer available. Please choose again.';
export const KEY_REUSED = 'This Idempotency-Key was already used for a different request';

/** The hotel a guest scanned, or undefined when it does not exist (or is archived). */
async function findHotel(db: Db, hotelId: string): Promise<HotelRow | undefined> {
  try {
    return await getHotel(db, hotelId);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return undefined;
    throw error;
  }
}

/** A scan of this mobile number at this hotel whose stay has not ended yet. */
async function hasOpenStay(db: Db, hotelId: string, mobile: string, today: string): Promise<boolean> {
  const n = await db.$count(
    customerScans,
    and(eq(customerScans.hotelId, hotelId), eq(customerScans.mobileNumber, mobile), gte(customerScans.checkoutDate, today)),
  );
  return n > 0;
}

/** DESIGN §5 scan check: hotel exists, is active, and this number has no vouchers for a stay still running. */
export async function checkScan(db: Db, hotelId: string, mobile: string, today: string): Promise<ScanCheck> {
  const hotel = await findHotel(db, hotelId);
  if (!hotel) return { can_scan: false, message: HOTEL_NOT_FOUND };
  if (!isHotelActive(hotel, today)) return { can_scan: false, message: HOTEL_INACTIVE };
  if (await hasOpenStay(db, hotelId, mobile, today)) return { can_scan: false, message: ALREADY_COLLECTED };
  return { can_scan: true, message: 'You can collect your vouchers' };
}

async function scanResponse(db: Db, scanId: string): Promise<ScanResponse> {
  return { scan_id: scanId, coupons: (await listCouponsOfScans(db, [scanId])).map(presentCoupon) };
}

/** A replay of an earlier submission with the same Idempotency-Key: the same scan and coupons, never a new set. */
async function replay(db: Db, key: string, input: ScanSubmission): Promise<ScanResponse | undefined> {
  const [earlier] = await db
    .select({ id: customerScans.id, hotelId: customerScans.hotelId, mobile: customerScans.mobileNumber })
    .from(customerScans)
    .where(eq(customerScans.idempotencyKey, key))
    .limit(1);
  if (!earlier) return undefined;
  if (earlier.hotelId !== input.hotel_id || earlier.mobile !== input.mobile_number) throw conflict(KEY_REUSED);
  return scanResponse(db, earlier.id);
}

export interface SubmitResult {
  response: ScanResponse;
  replayed: boolean;
}

/**
 * Issues a guest's vouchers (DESIGN §5): everything is checked again here, then the scan and its coupons are
 * written in one transaction. Submissions for the same hotel and number are serialised with an advisory lock,
 * so a double tap or a retry can never issue two sets.
 */
export async function submitScan(db: Db, input: ScanSubmission, today: string, idempotencyKey?: string): Promise<SubmitResult> {
  if (idempotencyKey) {
    const earlier = await replay(db, idempotencyKey, input);
    if (earlier) return { response: earlier, replayed: true };
  }

  const hotel = await findHotel(db, input.hotel_id);
  if (!hotel) throw new AppError(404, HOTEL_NOT_FOUND);
  if (!isHotelActive(hotel, today)) throw new AppError(409, HOTEL_INACTIVE);

  const picked = await guestOffersByIds(
    db,
    {
      locationId: hotel.locationId,
      today,
      merchantTypeIds: hotel.offerSelectionType === 'manual' ? hotel.selectedMerchantTypes : undefined,
    },
    input.selected_offers,
  );
  if (picked.length !== input.selected_offers.length) throw new AppError(422, OFFERS_UNAVAILABLE);

  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`scan:${input.hotel_id}:${input.mobile_number}`}, 0))`);
      if (idempotencyKey) {
        const earlier = await replay(tx, idempotencyKey, input);
        if (earlier) return { response: earlier, replayed: true };
      }
      if (await hasOpenStay(tx, input.hotel_id, input.mobile_number, today)) throw conflict(ALREADY_COLLECTED);

      const [scan] = await tx
        .insert(customerScans)
        .values({
          hotelId: input.hotel_id,
          customerName: input.customer_name,
          mobileNumber: input.mobile_number,
          checkoutDate: input.checkout_date,
          idempotencyKey: idempotencyKey ?? null,
        })
        .returning({ id: customerScans.id });
      // Keep the guest's order of choice.
      const byId = new Map(picked.map((offer) => [offer.id, offer]));
      await issueCoupons(
        tx,
        scan!.id,
        input.selected_offers.map((id) => ({ offerId: id, merchantId: byId.get(id)!.merchantId })),
      );
      return { response: await scanResponse(tx, scan!.id), replayed: false };
    });
  } catch (error) {
    // The same key used at once for two different hotels/numbers: the unique index decides.
    if (idempotencyKey && isUniqueViolation(error)) {
      const earlier = await replay(db, idempotencyKey, input);
      if (earlier) return { response: earlier, replayed: true };
    }
    throw error;
  }
}
