import { and, eq, isNull, max } from 'drizzle-orm';
import { addDays, todayIn, type IsoDate } from '../../../shared/dates';
import type { Db } from '../../db/client';
import { coupons } from '../coupons/table';
import { customerScans } from '../customer-scans/table';
import { offers } from '../offers/table';
import { signGuestLink } from './guest-links';

/**
 * The `guest_token` of a submission's and a recovery's answer (docs/PRODUCT.md "Reminders"): the vouchers link's
 * token (`/v/<token>`), which the vouchers screen keeps with the saved vouchers to subscribe this phone to Web Push.
 * It lasts as the reminders' vouchers link does (modules/reminders/reminders.compose.ts): to the end of the day after
 * the stay's latest voucher expiry, at most to the end of check-out + 30 days, and at least to the end of tomorrow.
 */
export const VOUCHERS_TOKEN_MAX_DAYS = 30;

/** The business day the token is good through. */
export function vouchersTokenLastDay(
  checkoutDate: IsoDate,
  validityDates: readonly IsoDate[],
  today: IsoDate,
): IsoDate {
  const latest = validityDates.reduce<IsoDate | undefined>((a, b) => (a === undefined || b > a ? b : a), undefined);
  const end = addDays(latest ?? checkoutDate, 1);
  const cap = addDays(checkoutDate, VOUCHERS_TOKEN_MAX_DAYS);
  const last = end < cap ? end : cap;
  const tomorrow = addDays(today, 1);
  return last > tomorrow ? last : tomorrow;
}

/** Made once per time zone: an Intl formatter costs more to make than the submission's other work here. */
const clocks = new Map<string, Intl.DateTimeFormat>();
const clockIn = (timeZone: string) => {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    clocks.set(timeZone, clock);
  }
  return clock;
};

/** The instant the business day `date` begins in `timeZone` (India keeps no summer time; a DST edge is re-checked). */
export function startOfDayIn(date: IsoDate, timeZone: string): Date {
  // Asked on every guest submission for a handful of dates: two Intl calls each, so kept (a day's start never moves).
  const key = `${timeZone}|${date}`;
  const known = dayStarts.get(key);
  if (known !== undefined) return new Date(known);
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  const offsetAt = (instant: number) => {
    const parts = clockIn(timeZone).formatToParts(new Date(instant));
    const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
    return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - instant;
  };
  const first = midnightUtc - offsetAt(midnightUtc);
  const start = midnightUtc - offsetAt(first);
  if (dayStarts.size >= 1000) dayStarts.clear();
  dayStarts.set(key, start);
  return new Date(start);
}
const dayStarts = new Map<string, number>();

export interface VouchersTokenScan {
  id: string;
  checkoutDate: IsoDate;
  /** The stay's vouchers' last valid days (cancelled ones left out). */
  validityDates: readonly IsoDate[];
}

/** The token for a scan whose dates are in hand (a submission's answer: no read). */
export function vouchersToken(secret: string, scan: VouchersTokenScan, timeZone: string, now = new Date()): string {
  const last = vouchersTokenLastDay(scan.checkoutDate, scan.validityDates, todayIn(timeZone, now));
  return signGuestLink(secret, 'vouchers', scan.id, startOfDayIn(addDays(last, 1), timeZone));
}

/** The token for a stored scan (a recovery's answer): its check-out and latest voucher expiry read in one query. */
export async function vouchersTokenOf(db: Db, secret: string, scanId: string, timeZone: string): Promise<string> {
  const [row] = await db
    .select({ checkoutDate: customerScans.checkoutDate, latest: max(offers.validityTo) })
    .from(customerScans)
    .leftJoin(coupons, and(eq(coupons.scanId, customerScans.id), isNull(coupons.cancelledAt)))
    .leftJoin(offers, eq(offers.id, coupons.offerId))
    .where(eq(customerScans.id, scanId))
    .groupBy(customerScans.id);
  if (!row) throw new Error(`Scan ${scanId} not found for its vouchers token`);
  return vouchersToken(
    secret,
    { id: scanId, checkoutDate: row.checkoutDate, validityDates: row.latest ? [row.latest] : [] },
    timeZone,
  );
}
