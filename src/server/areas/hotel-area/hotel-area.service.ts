import { sql } from 'drizzle-orm';
import { addDays, type IsoDate } from '../../../shared/dates';
import { encodeScanCursor } from '../../../shared/scan-cursor';
import { HOTEL_CUSTOMERS_PAGE_DEFAULT, type HotelCustomersQuery } from '../../../shared/schemas/hotel-area';
import type { Db } from '../../db/client';
import { foldCouponCounts } from '../../db/folded-counts';
import {
  exactUtc,
  businessCalendar,
  rupees,
  startOfDay,
  type BusinessCalendar,
} from '../../platform/lib/business-time';
import { rowsOf } from '../../db/rows';
import { forbidden } from '../../platform/lib/errors';
import { isHotelActive } from '../../modules/hotels/hotels.service';
import { renewalNotice, type RenewalNotice } from '../../modules/renewal-reminders/renewal-reminders.service';

/**
 * The hotel's own area: a read-only report over other modules' tables, scoped to the caller's hotel. Figures over
 * history come from the derived counters (hotel_daily_stats, hotel_stats, hotel_merchant_stats, hotel_review_stats;
 * docs/DATA.md), summed over their shards, so the cost does not grow with the hotel's history. Its guest list walks
 * the (hotel_id, scan_date, id) index a page at a time.
 */

export const HOTEL_INACTIVE = 'This hotel account is no longer active. Please contact StayPerks.';

/** Days in the dashboard's scans chart, today included. */
export const CHART_DAYS = 30;
export const TOP_MERCHANTS = 5;

/** The caller's hotel id; a hotel login without one (a safety net: an archived hotel's login is removed) is refused. */
export function ownHotelId(hotelId: string | null): string {
  if (!hotelId) throw forbidden(HOTEL_INACTIVE);
  return hotelId;
}

export interface HotelDashboardData {
  calendar: BusinessCalendar;
  hotel: {
    id: string;
    name: string;
    logoUrl: string | null;
    locationName: string;
    /** The location's guest page language: the room cards' language under the English by default. */
    defaultLanguage: string;
    isActive: boolean;
    subscriptionEnd: IsoDate | null;
  };
  guestsToday: number;
  guestsThisMonth: number;
  guestsTotal: number;
  vouchersIssued: number;
  vouchersRedeemed: number;
  spend: number;
  /** CHART_DAYS entries, oldest first. */
  scansByDay: { day: IsoDate; scans: number }[];
  topMerchants: { merchantId: string; name: string; merchantType: string; redemptions: number }[];
  periods: {
    fromDate: IsoDate;
    toDate: IsoDate;
    amount: number;
    paidAt: Date;
    isRenewal: boolean;
  }[];
  review: {
    latestRating: number | null;
    latestTotal: number | null;
    latestAt: Date;
    latestDay: IsoDate;
    monthFirstRating: number | null;
    monthFirstTotal: number | null;
  } | null;
  /** The subscription's last 30 days: its end and the reminders sent (docs/PRODUCT.md "Renewal reminders"). */
  renewal: RenewalNotice | null;
}

const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** A json_agg column: null for no rows; PGlite may hand json over as text. */
const jsonRows = (value: unknown): Record<string, unknown>[] =>
  value === null || value === undefined
    ? []
    : ((typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>[]);

/** GET /hotel/dashboard: a few index ranges of one hotel's rows (each counter summed over its shards). */
export async function hotelDashboard(
  db: Db,
  hotelId: string,
  timeZone: string,
  now: Date = new Date(),
): Promise<HotelDashboardData> {
  const calendar = businessCalendar(timeZone, now);
  const chartStart = addDays(calendar.today, 1 - CHART_DAYS);
  // One read of the daily counter covers the chart and this month (whichever starts first).
  const daysFrom = chartStart < calendar.monthStart ? chartStart : calendar.monthStart;
  await foldCouponCounts(db);
  // One statement (one round trip, one pooled connection): the hotel and its all-time counters, and as JSON the
  // daily counts, the top merchants and the paid periods.
  const [head] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select h.id, h.name, h.logo_url, l.name as location_name, l.default_language, h.is_active, h.subscription_end::text as subscription_end,
        st.scans, st.coupons, st.redemptions, st.spend,
        r.latest_rating, r.latest_total, r.latest_at, r.latest_day::text as latest_day,
        r.month_first_rating, r.month_first_total,
        (select json_agg(json_build_object('day', d.day::text, 'scans', d.scans))
          from (
            select day, sum(scans)::int as scans from hotel_daily_stats
            where hotel_id = h.id and day >= ${daysFrom}::date and day <= ${calendar.today}::date group by day
          ) d) as days,
        (select json_agg(json_build_object('merchant_id', x.merchant_id, 'name', m.name, 'merchant_type', t.name,
            'redemptions', x.redemptions) order by x.redemptions desc, lower(m.name), x.merchant_id)
          from (
            select merchant_id, sum(redemptions)::int as redemptions from hotel_merchant_stats
            where hotel_id = h.id group by merchant_id having sum(redemptions) > 0
            order by 2 desc, merchant_id limit ${TOP_MERCHANTS}
          ) x
          join merchants m on m.id = x.merchant_id
          join merchant_types t on t.id = m.merchant_type_id) as merchants,
        (select json_agg(json_build_object('from_date', p.from_date::text, 'to_date', p.to_date::text,
            'amount', p.amount::float8, 'paid_at', p.paid_at, 'is_renewal', p.is_renewal)
            order by p.from_date desc, p.paid_at desc)
          from subscription_periods p where p.hotel_id = h.id and p.cancelled_at is null) as periods
      from hotels h
      join locations l on l.id = h.location_id
      cross join lateral (
        select coalesce(sum(scans), 0)::int as scans, coalesce(sum(coupons), 0)::int as coupons,
          coalesce(sum(redemptions), 0)::int as redemptions, coalesce(sum(spend), 0)::float8 as spend
        from hotel_stats where hotel_id = h.id
      ) st
      left join hotel_review_stats r on r.hotel_id = h.id
      where h.id = ${hotelId} and h.archived_at is null`),
  );
  if (!head) throw forbidden(HOTEL_INACTIVE);

  const byDay = new Map(jsonRows(head.days).map((r) => [String(r.day), Number(r.scans)]));
  const scansOn = (day: IsoDate) => byDay.get(day) ?? 0;
  let guestsThisMonth = 0;
  for (const [day, scans] of byDay) if (day >= calendar.monthStart) guestsThisMonth += scans;
  const subscriptionEnd = (head.subscription_end as string | null) ?? null;
  // One more read only in the subscription's last 30 days: the reminders sent for its end date.
  const renewal = await renewalNotice(db, String(head.id), subscriptionEnd, calendar.today);

  return {
    calendar,
    hotel: {
      id: String(head.id),
      name: String(head.name),
      logoUrl: (head.logo_url as string | null) ?? null,
      locationName: String(head.location_name),
      defaultLanguage: String(head.default_language),
      isActive: Boolean(head.is_active),
      subscriptionEnd,
    },
    guestsToday: scansOn(calendar.today),
    guestsThisMonth,
    guestsTotal: Number(head.scans),
    vouchersIssued: Number(head.coupons),
    vouchersRedeemed: Number(head.redemptions),
    spend: rupees(head.spend),
    scansByDay: Array.from({ length: CHART_DAYS }, (_, i) => {
      const day = addDays(chartStart, i);
      return { day, scans: scansOn(day) };
    }),
    topMerchants: jsonRows(head.merchants).map((r) => ({
      merchantId: String(r.merchant_id),
      name: String(r.name),
      merchantType: String(r.merchant_type),
      redemptions: Number(r.redemptions),
    })),
    periods: jsonRows(head.periods).map((r) => ({
      fromDate: String(r.from_date),
      toDate: String(r.to_date),
      amount: rupees(r.amount),
      paidAt: new Date(r.paid_at as string | Date),
      isRenewal: Boolean(r.is_renewal),
    })),
    review:
      head.latest_at === null || head.latest_at === undefined
        ? null
        : {
            latestRating: num(head.latest_rating),
            latestTotal: num(head.latest_total),
            latestAt: new Date(head.latest_at as string | Date),
            latestDay: String(head.latest_day),
            monthFirstRating: num(head.month_first_rating),
            monthFirstTotal: num(head.month_first_total),
          },
    renewal,
  };
}

/** The subscription as the hotel sees it: status (the guest page's rule), the last paid day and the days left. */
export function subscriptionState(hotel: HotelDashboardData['hotel'], today: IsoDate) {
  const active = isHotelActive(hotel, today);
  const end = hotel.subscriptionEnd;
  const daysLeft =
    end === null
      ? null
      : end < today
        ? 0
        : Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000) + 1;
  return { active, end, daysLeft };
}

export interface HotelCustomerRow {
  id: string;
  customerName: string;
  mobileNumber: string;
  anonymised: boolean;
  checkoutDate: IsoDate;
  scanDate: Date;
  collected: number;
  redeemed: number;
}

export interface HotelCustomerPage {
  total: number;
  rows: HotelCustomerRow[];
  /** The cursor of the rows after this page; undefined on the last page. */
  nextCursor: string | undefined;
}

/**
 * GET /hotel/customers: the hotel's scans, newest first, a page at a time. The page is one range on the
 * (hotel_id, scan_date, id) index (the cursor a row comparison within it) and each of its scans' coupons are counted
 * by coupons_scan_idx; the exact total comes from the hotel's counters (all time, or the filter's business days).
 */
export async function listHotelCustomers(
  db: Db,
  hotelId: string,
  query: HotelCustomersQuery,
  timeZone: string,
): Promise<HotelCustomerPage> {
  const limit = query.limit ?? HOTEL_CUSTOMERS_PAGE_DEFAULT;
  const conditions = [sql`s.hotel_id = ${hotelId}`];
  if (query.from) conditions.push(sql`s.scan_date >= ${startOfDay(query.from, timeZone)}`);
  if (query.to) conditions.push(sql`s.scan_date < ${startOfDay(addDays(query.to, 1), timeZone)}`);
  if (query.cursor)
    conditions.push(sql`(s.scan_date, s.id) < (${query.cursor.at}::timestamptz, ${query.cursor.id}::uuid)`);

  const days = [sql`hotel_id = ${hotelId}`];
  if (query.from) days.push(sql`day >= ${query.from}::date`);
  if (query.to) days.push(sql`day <= ${query.to}::date`);
  const total =
    query.from || query.to
      ? sql`select coalesce(sum(scans), 0) from hotel_daily_stats where ${sql.join(days, sql` and `)}`
      : sql`select coalesce(sum(scans), 0) from hotel_stats where hotel_id = ${hotelId}`;

  await foldCouponCounts(db);
  // One statement: the total beside the page (a page that is empty still answers one row, with the total).
  const result = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select (${total})::int as total, d.*
      from (select 1) one
      left join lateral (
        select p.id, p.customer_name, p.mobile_number, p.anonymised_at is not null as anonymised,
          p.checkout_date::text as checkout_date,
          ${exactUtc(sql`p.scan_date`)} as scan_at,
          c.collected, c.redeemed
        from (
          select s.id, s.customer_name, s.mobile_number, s.anonymised_at, s.checkout_date, s.scan_date
          from customer_scans s where ${sql.join(conditions, sql` and `)}
          order by s.scan_date desc, s.id desc limit ${limit + 1}
        ) p
        cross join lateral (
          select count(*)::int as collected, (count(*) filter (where is_redeemed))::int as redeemed
          from coupons where scan_id = p.id
        ) c
      ) d on true
      order by d.scan_at desc, d.id desc`),
  );
  const rows = result.filter((row) => row.id !== null);
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page[page.length - 1];
  return {
    total: Number(result[0]?.total ?? 0),
    rows: page.map((r) => ({
      id: String(r.id),
      customerName: String(r.customer_name),
      mobileNumber: String(r.mobile_number),
      anonymised: Boolean(r.anonymised),
      checkoutDate: String(r.checkout_date),
      scanDate: new Date(String(r.scan_at)),
      collected: Number(r.collected),
      redeemed: Number(r.redeemed),
    })),
    nextCursor: more && last ? encodeScanCursor({ at: String(last.scan_at), id: String(last.id) }) : undefined,
  };
}
