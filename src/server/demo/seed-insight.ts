import { addDays, addMonths, todayIn, type IsoDate } from '../../shared/dates';
import { generateVoucherCode } from '../platform/lib/codes';
import type { Db } from '../db/client';
import { coupons } from '../modules/coupons/table';
import { customerScans } from '../modules/customer-scans/table';
import { hotels } from '../modules/hotels/table';
import { reviewSnapshots } from '../modules/reviews/table';
import { subscriptionPeriods } from '../modules/subscriptions/table';

/**
 * Demo history for the insight screens (dashboard, reports, renewal tracking, customer scans, hotel details):
 * four more hotels with paid periods and renewals over the last ~9 months, guest scans over the last four weeks,
 * and a Google review snapshot series for the two demo hotels with a place id. Deterministic for a given day.
 * The demo merchant login (Spice Garden) gets no extra coupons, so its own screens stay as seeded.
 */

export interface InsightSeedInput {
  today: IsoDate;
  timeZone: string;
  locationId: (name: string) => number;
  durationId: (months: number) => number;
  /** The demo hotels already made: id, location name, and whether they track Google reviews. */
  hotels: { id: string; location: string; placeId: string | null }[];
  /** The demo offers with their merchant's location; `usable` = may appear on a demo coupon. */
  offers: { id: string; merchantId: string; location: string; usable: boolean }[];
}

interface HistoryHotel {
  name: string;
  location: string;
  months: number;
  /** Amount of each period, oldest first: the number of periods. */
  amounts: number[];
  /** First period starts this many days before today. */
  startDaysAgo: number;
  contact: string;
}

const HISTORY_HOTELS: HistoryHotel[] = [
  // Quarterly since ~8 months ago; the third period ends next month, not renewed yet.
  {
    name: 'Coconut Grove Resort',
    location: 'Goa',
    months: 3,
    amounts: [9000, 9500, 9900],
    startDaysAgo: 232,
    contact: 'Maria Fernandes',
  },
  // Half-yearly: ends in a few days and was renewed two days ago.
  {
    name: 'Amber Fort View',
    location: 'Jaipur',
    months: 6,
    amounts: [15000, 16000],
    startDaysAgo: 178,
    contact: 'Rajat Singh',
  },
  // Quarterly: renewed a month ago, the new period ends in about two months.
  {
    name: 'City Palace Suites',
    location: 'Udaipur',
    months: 3,
    amounts: [7500, 7800],
    startDaysAgo: 125,
    contact: 'Neha Joshi',
  },
  // Monthly since ~5 months ago: every period renewed but the current one.
  {
    name: 'Misty Valley Cottages',
    location: 'Munnar',
    months: 1,
    amounts: [2200, 2200, 2400, 2400, 2400, 2600],
    startDaysAgo: 165,
    contact: 'Thomas Kurian',
  },
];

const GUEST_NAMES = [
  'Aarav Mehta',
  'Ishita Rao',
  'Kabir Khanna',
  'Ananya Iyer',
  'Vihaan Gupta',
  'Diya Nair',
  'Arjun Reddy',
  'Meera Pillai',
  'Rohan Kapoor',
  'Saanvi Joshi',
  'Aditya Menon',
  'Kavya Shetty',
  'Nikhil Bansal',
  'Tara Chopra',
  'Yash Malhotra',
  'Pooja Desai',
  'Siddharth Bose',
  'Riya Sen',
  'Karan Ahuja',
  'Nisha Verghese',
  'Manav Sethi',
  'Aditi Kulkarni',
  'Dev Saxena',
  'Zoya Qureshi',
  'Harsh Vardhan',
  'Lakshmi Krishnan',
  'Omkar Patil',
  'Shreya Ghosh',
  'Varun Dutta',
  'Neha Agarwal',
  'Farhan Shaikh',
  'Ira Banerjee',
];

/** A small deterministic generator (same demo data on every fresh start of a given day). */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const atIst = (date: IsoDate, time: string) => new Date(`${date}T${time}:00+05:30`);

export async function seedInsightDemo(db: Db, input: InsightSeedInput): Promise<void> {
  const { today } = input;
  const now = Date.now();
  const notFuture = (at: Date) => (at.getTime() > now ? new Date(now - 60_000) : at);

  // Hotels with a paid history: each period follows the last; a renewal is paid a few days before it starts.
  const hotelRows = [...input.hotels.map((h) => ({ id: h.id, location: h.location }))];
  for (const [i, h] of HISTORY_HOTELS.entries()) {
    const periods: { from: IsoDate; to: IsoDate; amount: number; paidAt: Date }[] = [];
    let from = addDays(today, -h.startDaysAgo);
    for (const [k, amount] of h.amounts.entries()) {
      const to = addDays(addMonths(from, h.months), -1);
      const paidOn = k === 0 ? from : addDays(from, -4);
      periods.push({
        from,
        to,
        amount,
        paidAt: notFuture(atIst(paidOn < today ? paidOn : addDays(today, -2), k % 2 ? '15:20' : '11:05')),
      });
      from = addDays(to, 1);
    }
    const first = periods[0]!;
    const last = periods[periods.length - 1]!;
    const createdAt = atIst(first.from, '10:00');
    const [hotel] = await db
      .insert(hotels)
      .values({
        name: h.name,
        locationId: input.locationId(h.location),
        address: `${20 + i}, Lake Road, ${h.location}`,
        contactNumber: `99${String(41000000 + i * 2345671).slice(0, 8)}`,
        contactPerson: h.contact,
        googleLink: `https://maps.google.com/?q=${encodeURIComponent(h.name)}`,
        subscriptionDurationId: input.durationId(h.months),
        subscriptionRevenue: last.amount,
        isActive: last.to >= today,
        createdAt,
        firstCreatedDate: createdAt,
        renewalCount: periods.length - 1,
        subscriptionEnd: last.to,
      })
      .returning({ id: hotels.id });
    await db.insert(subscriptionPeriods).values(
      periods.map((p, k) => ({
        hotelId: hotel!.id,
        subscriptionDurationId: input.durationId(h.months),
        fromDate: p.from,
        toDate: p.to,
        amount: p.amount,
        paidAt: p.paidAt,
        isRenewal: k > 0,
      })),
    );
    hotelRows.push({ id: hotel!.id, location: h.location });
  }

  // Guest scans over the last four weeks (more recently), 1 to 3 coupons from offers in the hotel's location.
  const next = random(Number(today.replaceAll('-', '')));
  const scans: { id: string; at: Date; hotelId: string; location: string }[] = [];
  const scanValues = [];
  for (let n = 0; n < 42; n++) {
    const hotel = hotelRows[Math.floor(next() * hotelRows.length)]!;
    const daysAgo = Math.floor(next() ** 1.6 * 28);
    const day = addDays(today, -daysAgo);
    const hour = 8 + Math.floor(next() * 14);
    const at = notFuture(
      atIst(day, `${String(hour).padStart(2, '0')}:${String(Math.floor(next() * 60)).padStart(2, '0')}`),
    );
    const name = GUEST_NAMES[n % GUEST_NAMES.length]!;
    scanValues.push({
      hotelId: hotel.id,
      customerName:
        n < GUEST_NAMES.length
          ? name
          : `${name.split(' ')[0]} ${GUEST_NAMES[(n * 7) % GUEST_NAMES.length]!.split(' ')[1]}`,
      mobileNumber: `9${String(712000000 + n * 7919).padStart(9, '0')}`,
      checkoutDate: addDays(todayIn(input.timeZone, at), 1 + Math.floor(next() * 3)),
      scanDate: at,
    });
    scans.push({ id: '', at, hotelId: hotel.id, location: hotel.location });
  }
  const inserted = await db.insert(customerScans).values(scanValues).returning({ id: customerScans.id });
  inserted.forEach((row, i) => (scans[i]!.id = row.id));

  const couponValues = [];
  for (const scan of scans) {
    const choices = input.offers.filter((o) => o.usable && o.location === scan.location);
    const wanted = Math.min(choices.length, 1 + Math.floor(next() * 3));
    // Different merchants on one scan, as a guest usually picks.
    const picked = [...choices]
      .sort(() => next() - 0.5)
      .filter((offer, i, all) => all.findIndex((o) => o.merchantId === offer.merchantId) === i)
      .slice(0, wanted);
    for (const [k, offer] of picked.entries()) {
      const redeemedAt = new Date(scan.at.getTime() + (2 + Math.floor(next() * 40)) * 3_600_000);
      const redeemed = next() < 0.55 && redeemedAt.getTime() < now;
      couponValues.push({
        scanId: scan.id,
        offerId: offer.id,
        merchantId: offer.merchantId,
        code: generateVoucherCode(),
        isRedeemed: redeemed,
        redeemedAt: redeemed ? redeemedAt : null,
        createdAt: new Date(scan.at.getTime() + k),
      });
    }
  }
  if (couponValues.length) await db.insert(coupons).values(couponValues);

  // Google review snapshots: twice a day (07:00 and 22:00 IST) for 40 days, and two today, for the place-id hotels.
  const snapshotValues = [];
  for (const [h, hotel] of input.hotels.filter((x) => x.placeId).entries()) {
    let total = h === 0 ? 1180 : 640;
    let rating = h === 0 ? 4.3 : 4.25;
    const drift = h === 0 ? 0.004 : -0.003;
    const times: Date[] = [];
    for (let d = 40; d >= 1; d--) times.push(atIst(addDays(today, -d), '07:00'), atIst(addDays(today, -d), '22:00'));
    for (const msAgo of [3 * 3_600_000, 10 * 60_000]) {
      const at = new Date(now - msAgo);
      if (todayIn(input.timeZone, at) === today) times.push(at);
    }
    for (const at of times) {
      total += Math.floor(next() * (h === 0 ? 4 : 3));
      rating = Math.min(5, Math.max(1, rating + drift * (next() - 0.3)));
      snapshotValues.push({
        hotelId: hotel.id,
        fetchedAt: at,
        totalReviews: total,
        rating: Math.round(rating * 100) / 100,
      });
    }
  }
  if (snapshotValues.length) await db.insert(reviewSnapshots).values(snapshotValues);
}
