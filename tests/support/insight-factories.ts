import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import {
  coupons,
  customerScans,
  hotels,
  merchants,
  offers,
  reviewSnapshots,
  subscriptionDurations,
  subscriptionPeriods,
} from './tables';
import { generateVoucherCode } from '../../src/server/platform/lib/codes';
import { insertHotel, insertMerchant, uniqueName, type NewHotelRow, type NewMerchantRow } from './factories';
import type { TestContext } from './harness';
import { insertOne } from './insert-one';

/**
 * Rows for the insight tests (dashboard, reports, customer scans, reviews), each with the exact timestamps a
 * hand-computed dataset needs, and a fake Google Places server.
 * Times are given as instants: '2026-03-31T18:00:00Z' is 31 Mar 23:30 in Asia/Kolkata.
 */

let durationId: number | undefined;
async function anyDuration(db: Db): Promise<number> {
  if (durationId === undefined) {
    const [row] = await db
      .select({ id: subscriptionDurations.id })
      .from(subscriptionDurations)
      .where(eq(subscriptionDurations.months, 1));
    durationId = row!.id;
  }
  return durationId;
}

/** A hotel created at `createdAt` (an instant) in `locationId`. */
export async function hotelAt(db: Db, locationId: number, createdAt: string, values: NewHotelRow = {}) {
  const at = new Date(createdAt);
  return insertHotel(db, { locationId, createdAt: at, firstCreatedDate: at, ...values });
}

/** A merchant created at `createdAt` in `locationId`. */
export async function merchantAt(db: Db, locationId: number, createdAt: string, values: NewMerchantRow = {}) {
  return insertMerchant(db, { locationId, createdAt: new Date(createdAt), ...values });
}

/** A paid subscription period: `amount` paid at `paidAt` (an instant), covering [from, to]. */
export async function paidPeriod(db: Db, hotelId: string, amount: number, paidAt: string, from: string, to: string) {
  return insertOne(db, subscriptionPeriods, {
    hotelId,
    subscriptionDurationId: await anyDuration(db),
    fromDate: from,
    toDate: to,
    amount,
    paidAt: new Date(paidAt),
  });
}

/** An offer of the merchant (valid all of 2025-2027). */
export async function offerOf(db: Db, merchantId: string, values: Partial<typeof offers.$inferInsert> = {}) {
  return insertOne(db, offers, {
    merchantId,
    offerName: uniqueName('Offer'),
    offerValue: 10,
    validityFrom: '2025-01-01',
    validityTo: '2027-12-31',
    ...values,
  });
}

export interface ScanSeed {
  hotelId: string;
  scanDate: string;
  customerName?: string;
  mobile?: string;
  checkoutDate?: string;
  /** One coupon per entry. */
  coupons?: { offer: { id: string; merchantId: string }; redeemed?: boolean }[];
}

/** A guest scan at `scanDate` (an instant) with its coupons. */
export async function scanAt(db: Db, seed: ScanSeed) {
  const scan = await insertOne(db, customerScans, {
    hotelId: seed.hotelId,
    customerName: seed.customerName ?? 'Test Guest',
    mobileNumber: seed.mobile ?? '9000000001',
    checkoutDate: seed.checkoutDate ?? seed.scanDate.slice(0, 10),
    scanDate: new Date(seed.scanDate),
  });
  const issued = [];
  for (const [i, c] of (seed.coupons ?? []).entries()) {
    const coupon = await insertOne(db, coupons, {
      scanId: scan.id,
      offerId: c.offer.id,
      merchantId: c.offer.merchantId,
      code: generateVoucherCode(),
      isRedeemed: c.redeemed ?? false,
      redeemedAt: c.redeemed ? new Date(seed.scanDate) : null,
      // Coupons of one scan keep their order.
      createdAt: new Date(new Date(seed.scanDate).getTime() + i),
    });
    issued.push(coupon);
  }
  return { scan, coupons: issued };
}

/** A review snapshot taken at `fetchedAt`. */
export async function snapshotAt(
  db: Db,
  hotelId: string,
  fetchedAt: string,
  totalReviews: number | null,
  rating: number | null,
) {
  return insertOne(db, reviewSnapshots, { hotelId, fetchedAt: new Date(fetchedAt), totalReviews, rating });
}

export const archiveHotel = (db: Db, id: string) =>
  db.update(hotels).set({ archivedAt: new Date() }).where(eq(hotels.id, id));
export const archiveMerchant = (db: Db, id: string) =>
  db.update(merchants).set({ archivedAt: new Date() }).where(eq(merchants.id, id));

export interface FakePlaceAnswer {
  status?: number;
  body?: unknown;
  /** Wait this long before answering. */
  delayMs?: number;
}

export interface FakePlacesRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
}

/**
 * A local stand-in for the Places API (New): GET /v1/places/{placeId} answers what `answer(placeId, ...)` set,
 * else 200 {rating: 4, userRatingCount: 10}. Every request is recorded.
 */
export async function startFakePlaces() {
  const answers = new Map<string, FakePlaceAnswer>();
  const requests: FakePlacesRequest[] = [];
  const server = createServer((req, res) => {
    const path = req.url ?? '';
    requests.push({ method: req.method ?? '', path, headers: req.headers });
    const match = /^\/v1\/places\/([^/?]+)$/.exec(path);
    const placeId = match ? decodeURIComponent(match[1]!) : undefined;
    const answer: FakePlaceAnswer = placeId
      ? (answers.get(placeId) ?? { body: { rating: 4, userRatingCount: 10 } })
      : { status: 404, body: { error: { code: 404, message: 'Unknown path', status: 'NOT_FOUND' } } };
    const send = () => {
      if (res.destroyed) return;
      res.writeHead(answer.status ?? 200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(answer.body ?? {}));
    };
    if (answer.delayMs) setTimeout(send, answer.delayMs);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    answer(placeId: string, reply: FakePlaceAnswer) {
      answers.set(placeId, reply);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type FakePlaces = Awaited<ReturnType<typeof startFakePlaces>>;

/** The locations of the dashboard and report datasets: Goa and Jaipur, and Udaipur with no hotels (zeros). */
export async function goaJaipurUdaipur(ctx: TestContext) {
  const goa = await ctx.createLocation({ name: 'Goa' });
  const jaipur = await ctx.createLocation({ name: 'Jaipur' });
  await ctx.createLocation({ name: 'Udaipur' });
  return { goa, jaipur };
}
