import { sql } from 'drizzle-orm';
import { addMonths } from '../../../shared/dates';
import type { Db } from '../../db/client';
import { businessCalendar, rowsOf, rupees, startOfDay, type BusinessCalendar } from '../../lib/business-time';

/**
 * The Super Admin Dashboard's figures, every one computed in SQL (counts, sums, group by), never by loading
 * tables into Node. Scans and redemptions come from the derived counters (hotel_stats, location_daily_stats: kept by
 * triggers, see docs/DATA.md), so the cost does not grow with history; hotels, offers, merchants and subscription
 * periods are small tables read directly. A read-only report over those modules' tables.
 *
 * - Hotels, merchants and offers count when not archived (archived ones are deleted as far as users know).
 * - Scans and redemptions count all rows: they are history, whatever happened to the hotel since.
 * - Revenue = amounts of subscription periods by the day they were paid in the business time zone (DESIGN §5),
 *   archived hotels included (the money was received).
 * - Renewal tracking: the current month and the next two (DESIGN §5: periods of non-archived hotels ending in the
 *   month; done = followed by a later period of the same hotel).
 */

export interface Headline {
  totalHotels: number;
  totalScans: number;
  totalOffers: number;
  totalRedemptions: number;
  revenueToday: number;
  revenueMonth: number;
  revenueYear: number;
  revenueAllTime: number;
}

export interface LocationRow {
  name: string;
  hotelsToday: number;
  hotelsThisMonth: number;
  hotelsTotal: number;
  scansToday: number;
  scansThisMonth: number;
  scansTotal: number;
  merchantsToday: number;
  merchantsThisMonth: number;
  merchantsTotal: number;
  revenueToday: number;
  revenueThisMonth: number;
  revenueTotal: number;
}

export interface RenewalRow {
  /** 'YYYY-MM' */
  month: string;
  location: string;
  count: number;
  done: number;
}

export interface DashboardData {
  calendar: BusinessCalendar;
  headline: Headline;
  locations: LocationRow[];
  /** The three tracked months, 'YYYY-MM', in order. */
  renewalMonths: string[];
  renewals: RenewalRow[];
}

export const RENEWAL_MONTHS = 3;

export async function superadminDashboard(db: Db, timeZone: string, now: Date = new Date()): Promise<DashboardData> {
  const calendar = businessCalendar(timeZone, now);
  const [headline, locations, renewals] = await Promise.all([
    headlineFigures(db, calendar),
    locationFigures(db, calendar),
    renewalFigures(db, calendar),
  ]);
  const renewalMonths = Array.from({ length: RENEWAL_MONTHS }, (_, i) => addMonths(calendar.monthStart, i).slice(0, 7));
  return { calendar, headline, locations, renewalMonths, renewals };
}

/** `col` falls on [from, to) business days. */
const within = (column: string, from: string, to: string, timeZone: string) =>
  sql`${sql.raw(column)} >= ${startOfDay(from, timeZone)} and ${sql.raw(column)} < ${startOfDay(to, timeZone)}`;

async function headlineFigures(db: Db, c: BusinessCalendar): Promise<Headline> {
  const tz = c.timeZone;
  const result = await db.execute(sql`
    select
      (select count(*) from hotels where archived_at is null)::int as total_hotels,
      (select coalesce(sum(scans), 0) from hotel_stats)::int as total_scans,
      (select count(*) from offers o join merchants m on m.id = o.merchant_id
         where o.archived_at is null and m.archived_at is null)::int as total_offers,
      (select coalesce(sum(redemptions), 0) from hotel_stats)::int as total_redemptions,
      p.revenue_today, p.revenue_month, p.revenue_year, p.revenue_all_time
    from (
      select
        coalesce(sum(amount) filter (where ${within('paid_at', c.today, c.tomorrow, tz)}), 0)::float8 as revenue_today,
        coalesce(sum(amount) filter (where ${within('paid_at', c.monthStart, c.nextMonthStart, tz)}), 0)::float8 as revenue_month,
        coalesce(sum(amount) filter (where ${within('paid_at', c.yearStart, c.nextYearStart, tz)}), 0)::float8 as revenue_year,
        coalesce(sum(amount), 0)::float8 as revenue_all_time
      from subscription_periods
    ) p`);
  const row = rowsOf<Record<string, number>>(result)[0]!;
  return {
    totalHotels: Number(row.total_hotels),
    totalScans: Number(row.total_scans),
    totalOffers: Number(row.total_offers),
    totalRedemptions: Number(row.total_redemptions),
    revenueToday: rupees(row.revenue_today),
    revenueMonth: rupees(row.revenue_month),
    revenueYear: rupees(row.revenue_year),
    revenueAllTime: rupees(row.revenue_all_time),
  };
}

/** One row per location (all of them, zeros included), sorted by name. */
async function locationFigures(db: Db, c: BusinessCalendar): Promise<LocationRow[]> {
  const tz = c.timeZone;
  const today = (column: string) => within(column, c.today, c.tomorrow, tz);
  const month = (column: string) => within(column, c.monthStart, c.nextMonthStart, tz);
  const result = await db.execute(sql`
    select l.name,
      coalesce(h.today, 0)::int as hotels_today, coalesce(h.month, 0)::int as hotels_month, coalesce(h.total, 0)::int as hotels_total,
      coalesce(sd.today, 0)::int as scans_today, coalesce(sd.month, 0)::int as scans_month, coalesce(s.total, 0)::int as scans_total,
      coalesce(m.today, 0)::int as merchants_today, coalesce(m.month, 0)::int as merchants_month, coalesce(m.total, 0)::int as merchants_total,
      coalesce(r.today, 0)::float8 as revenue_today, coalesce(r.month, 0)::float8 as revenue_month, coalesce(r.total, 0)::float8 as revenue_total
    from locations l
    left join (
      select location_id, count(*) filter (where ${today('created_at')}) as today, count(*) filter (where ${month('created_at')}) as month, count(*) as total
      from hotels where archived_at is null group by location_id
    ) h on h.location_id = l.id
    left join (
      select hs.location_id, sum(st.scans) as total from hotel_stats st join hotels hs on hs.id = st.hotel_id group by hs.location_id
    ) s on s.location_id = l.id
    left join (
      select d.location_id, sum(d.scans) filter (where d.day = ${c.today}::date) as today, sum(d.scans) as month
      from location_daily_stats d
      where d.day >= ${c.monthStart}::date and d.day < ${c.nextMonthStart}::date group by d.location_id
    ) sd on sd.location_id = l.id
    left join (
      select location_id, count(*) filter (where ${today('created_at')}) as today, count(*) filter (where ${month('created_at')}) as month, count(*) as total
      from merchants where archived_at is null group by location_id
    ) m on m.location_id = l.id
    left join (
      select hp.location_id, sum(sp.amount) filter (where ${today('sp.paid_at')}) as today, sum(sp.amount) filter (where ${month('sp.paid_at')}) as month, sum(sp.amount) as total
      from subscription_periods sp join hotels hp on hp.id = sp.hotel_id group by hp.location_id
    ) r on r.location_id = l.id
    order by lower(l.name), l.id`);
  return rowsOf<Record<string, string | number>>(result).map((row) => ({
    name: String(row.name),
    hotelsToday: Number(row.hotels_today),
    hotelsThisMonth: Number(row.hotels_month),
    hotelsTotal: Number(row.hotels_total),
    scansToday: Number(row.scans_today),
    scansThisMonth: Number(row.scans_month),
    scansTotal: Number(row.scans_total),
    merchantsToday: Number(row.merchants_today),
    merchantsThisMonth: Number(row.merchants_month),
    merchantsTotal: Number(row.merchants_total),
    revenueToday: rupees(row.revenue_today),
    revenueThisMonth: rupees(row.revenue_month),
    revenueTotal: rupees(row.revenue_total),
  }));
}

/** Periods of non-archived hotels ending in the tracked months, per month and location; done = renewed since. */
async function renewalFigures(db: Db, c: BusinessCalendar): Promise<RenewalRow[]> {
  const end = addMonths(c.monthStart, RENEWAL_MONTHS);
  const result = await db.execute(sql`
    select to_char(p.to_date, 'YYYY-MM') as month, l.name as location,
      count(*)::int as count,
      count(*) filter (where exists (
        select 1 from subscription_periods later where later.hotel_id = p.hotel_id and later.from_date > p.from_date
      ))::int as done
    from subscription_periods p
    join hotels h on h.id = p.hotel_id and h.archived_at is null
    join locations l on l.id = h.location_id
    where p.to_date >= ${c.monthStart}::date and p.to_date < ${end}::date
    group by 1, l.id, l.name
    order by 1, lower(l.name)`);
  return rowsOf<Record<string, string | number>>(result).map((row) => ({
    month: String(row.month),
    location: String(row.location),
    count: Number(row.count),
    done: Number(row.done),
  }));
}
