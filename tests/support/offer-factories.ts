import type { Db } from '../../src/server/db/client';
import { coupons, customerScans, offers } from './tables';
import { generateVoucherCode } from '../../src/server/platform/lib/codes';
import { addDays, todayIn } from '../../src/shared/dates';
import { insertHotel, insertMerchant, uniqueName } from './factories';
import { insertOne } from './insert-one';

/** Factories for the merchants and offers tests: offers, and a guest scan with a coupon for an offer. */

export type NewOfferRow = Partial<typeof offers.$inferInsert>;

/** Today in the app's default business zone (the test config uses Asia/Kolkata). */
export const businessToday = (timeZone = 'Asia/Kolkata') => todayIn(timeZone);

/** A valid offer body for POST /api/offers (merchant_id too) and PUT: 20 % off, from `today` for 30 days. */
export function offerInput(merchantId: string, today: string, name = 'Offer') {
  return {
    merchant_id: merchantId,
    offer_name: uniqueName(name),
    offer_type: 'percentage',
    offer_value: 20,
    validity_from: today,
    validity_to: addDays(today, 30),
    opening_hours: '10:00',
    closing_hours: '22:30',
    description: 'Seafood thalis',
    terms_conditions: 'One per guest',
    images: [],
  };
}

/** An offer valid from 10 days ago to 30 days ahead, active; a new merchant is made unless `merchantId` is given. */
export async function insertOffer(db: Db, values: NewOfferRow = {}) {
  const today = businessToday();
  const merchantId = values.merchantId ?? (await insertMerchant(db)).id;
  return insertOne(db, offers, {
    offerName: uniqueName('Offer'),
    offerType: 'percentage',
    offerValue: 10,
    description: 'A test offer',
    termsConditions: 'One per guest',
    openingHours: '10:00',
    closingHours: '22:00',
    validityFrom: addDays(today, -10),
    validityTo: addDays(today, 30),
    ...values,
    merchantId,
  });
}

/** A guest scan at a (new) hotel with one coupon for the offer: what makes an offer and its merchant "issued". */
export async function insertCouponFor(
  db: Db,
  offer: { id: string; merchantId: string },
  values: { hotelId?: string; locationId?: number } = {},
) {
  const hotelId =
    values.hotelId ?? (await insertHotel(db, values.locationId ? { locationId: values.locationId } : {})).id;
  const scan = await insertOne(db, customerScans, {
    hotelId,
    customerName: 'Test Guest',
    mobileNumber: '9876543210',
    checkoutDate: addDays(businessToday(), 2),
  });
  const coupon = await insertOne(db, coupons, {
    scanId: scan.id,
    offerId: offer.id,
    merchantId: offer.merchantId,
    code: generateVoucherCode(),
  });
  return { scan, coupon };
}

/** A tiny real PNG (1x1), as an upload. */
export function tinyPng(name = 'offer.png'): File {
  const bytes = Uint8Array.from(
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    ),
  );
  return new File([bytes], name, { type: 'image/png' });
}

/** Multipart body with the file in field `file`. */
export function fileBody(file: File): FormData {
  const body = new FormData();
  body.append('file', file);
  return body;
}
