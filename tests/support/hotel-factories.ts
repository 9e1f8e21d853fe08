import { eq } from 'drizzle-orm';
import { addDays, addMonths, type IsoDate } from '../../src/shared/dates';
import type { Db } from '../../src/server/db/client';
import { customerScans, subscriptionDurations, subscriptionPeriods } from './tables';
import { insertHotel, type NewHotelRow } from './factories';
import { insertOne } from './insert-one';

/** Rows for hotel tests: durations by months, hotels with their paid periods, and scans that refer to a hotel. */

/** The fields a hotel's body must have (docs/PRODUCT.md "Hotels"): without one, 422. */
export const HOTEL_REQUIRED_FIELDS = [
  'name',
  'location_id',
  'address',
  'contact_number',
  'contact_person',
  'subscription_duration_id',
];

export async function durationByMonths(db: Db, months: number) {
  const [row] = await db.select().from(subscriptionDurations).where(eq(subscriptionDurations.months, months));
  if (!row) throw new Error(`No ${months}-month duration seeded`);
  return row;
}

/**
 * A hotel with its first paid period, as POST /hotels makes it: from `from` for `months`, ending the day before
 * the same date `months` later. `from` defaults to today in UTC; pass dates to make a hotel whose subscription ended.
 */
export async function insertSubscribedHotel(
  db: Db,
  options: { from: IsoDate; months?: number; amount?: number; hotel?: NewHotelRow },
) {
  const months = options.months ?? 12;
  const duration = await durationByMonths(db, months);
  const to = addDays(addMonths(options.from, months), -1);
  const hotel = await insertHotel(db, {
    subscriptionDurationId: duration.id,
    subscriptionRevenue: options.amount ?? 1000,
    subscriptionEnd: to,
    ...options.hotel,
  });
  const period = await insertOne(db, subscriptionPeriods, {
    hotelId: hotel.id,
    subscriptionDurationId: duration.id,
    fromDate: options.from,
    toDate: to,
    amount: options.amount ?? 1000,
  });
  return { hotel, period };
}

export async function periodsOf(db: Db, hotelId: string) {
  return db
    .select()
    .from(subscriptionPeriods)
    .where(eq(subscriptionPeriods.hotelId, hotelId))
    .orderBy(subscriptionPeriods.fromDate);
}

/** A guest scan at the hotel (no coupons), enough to make the hotel "referred to". */
export async function insertScan(db: Db, hotelId: string, checkoutDate: IsoDate) {
  return insertOne(db, customerScans, {
    hotelId,
    customerName: 'Test Guest',
    mobileNumber: '9000000001',
    checkoutDate,
  });
}

/** The smallest valid PNG (1x1), and a minimal PDF header: real content the upload check recognises. */
export const PNG_BYTES = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
);
export const PDF_BYTES = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** A multipart body with the file in field `file` (docs/PRODUCT.md "Calls"). */
export function uploadForm(bytes: Uint8Array, name: string, type: string): FormData {
  const form = new FormData();
  form.append('file', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return form;
}
