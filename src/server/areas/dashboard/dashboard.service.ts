import { sql } from 'drizzle-orm';
import { addDays, addMonths } from '../../../shared/dates';
import type { Db } from '../../db/client';
import { foldCouponCounts } from '../../db/folded-counts';
import { readCatalogueVersion } from '../../db/catalogue-version';
import { businessCalendar, rupees, startOfDay, type BusinessCalendar } from '../../platform/lib/business-time';
import { rowsOf } from '../../db/rows';
import { unpaidTotals, type UnpaidTotals } from '../../modules/payments/payments.service';

/**
 * The Super Admin Dashboard's figures, every one computed in SQL (counts, sums, group by), never by loading
 * tables into Node. Scans and redemptions come from the derived counters (hotel_stats, location_daily_stats: kept by
 * triggers, see docs/DATA.md), so the cost does not grow with history; hotels, offers, merchants and subscription
 * periods are small tables read directly. A read-only report over those modules' tables.
 *
 * - Hotels, merchants and offers count when not archived (archived ones are deleted as far as users know).
 * - Scans and redemptions count all rows: they are history, whatever happened to the hotel since.
 * - Revenue = amounts of subscription periods by the day they were paid in the business time zone, archived hotels
 *   included (the money was received; docs/PRODUCT.md "Subscriptions and revenue").
 * - Renewal tracking: the current month and the next two (docs/PRODUCT.md "Subscriptions and revenue": periods of
 *   non-archived hotels ending in the month; done = followed by a later period of the same hotel).
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
  /** What hotels still owe (payments.service unpaidTotals), beside revenue. */
  unpaid: UnpaidTotals;
}

export const RENEWAL_MONTHS = 3;

export async function superadminDashboard(db: Db, timeZone: string, now: Date = new Date()): Promise<DashboardData> {
  const calendar = businessCalendar(timeZone, now);
  // The redemptions counted up to now (docs/DATA.md "Folded counts").
  await foldCouponCounts(db);
  const [catalogue, locations] = await Promise.all([catalogueFigures(db, calendar), locationActivity(db, calendar)]);
  const { renewals, unpaid } = catalogue;
  // Every hotel has a location, so the locations' totals add up to all scans and redemptions.
  const headline = {
    totalHotels: catalogue.totalHotels,
    totalOffers: catalogue.totalOffers,
    totalScans: locations.reduce((sum, location) => sum + location.scansTotal, 0),
    totalRedemptions: locations.reduce((sum, location) => sum + location.redemptionsTotal, 0),
    ...catalogue.revenue.headline,
  };
  const renewalMonths = Array.from({ length: RENEWAL_MONTHS }, (_, i) => addMonths(calendar.monthStart, i).slice(0, 7));
  return { calendar, headline, locations: withCatalogue(locations, catalogue), renewalMonths, renewals, unpaid };
}

/** `col` falls on [from, to) business days. */
const within = (column: string, from: string, to: string, timeZone: string) =>
  sql`${sql.raw(column)} >= ${startOfDay(from, timeZone)} and ${sql.raw(column)} < ${startOfDay(to, timeZone)}`;

/** Hotels and merchants of one location: added today, this month, and all not archived. */
interface LocationCatalogue {
  hotels: [today: number, month: number, total: number];
  merchants: [today: number, month: number, total: number];
}

interface CatalogueFigures {
  totalHotels: number;
  totalOffers: number;
  byLocation: Map<number, LocationCatalogue>;
  renewals: RenewalRow[];
  revenue: RevenueFigures;
  unpaid: UnpaidTotals;
}

/**
 * Counts over hotels, merchants and offers (20,000 offers at a season's size), and renewal tracking (a check for a
 * later period per period ending in three months: the dearest part of a view at 10,000 hotels). They change only
 * when those tables or subscription periods do, which bumps catalogue_version (docs/DATA.md), or when the business
 * day turns; so they are cached per database for one (version, day) and recomputed after any change made through
 * any server.
 */
const catalogueCache = new WeakMap<Db, { key: string; figures: CatalogueFigures }>();

async function catalogueFigures(db: Db, c: BusinessCalendar): Promise<CatalogueFigures> {
  const key = `${await readCatalogueVersion(db)}|${c.today}|${c.timeZone}`;
  const cached = catalogueCache.get(db);
  if (cached?.key === key) return cached.figures;
  const [counts, renewals, revenue, unpaid] = await Promise.all([
    countCatalogue(db, c),
    renewalFigures(db, c),
    revenueFigures(db, c),
    unpaidTotals(db),
  ]);
  const figures = { ...counts, renewals, revenue, unpaid };
  catalogueCache.set(db, { key, figures });
  return figures;
}

async function countCatalogue(
  db: Db,
  c: BusinessCalendar,
): Promise<Omit<CatalogueFigures, 'renewals' | 'revenue' | 'unpaid'>> {
  const tz = c.timeZone;
  const today = (column: string) => within(column, c.today, c.tomorrow, tz);
  const month = (column: string) => within(column, c.monthStart, c.nextMonthStart, tz);
  const [totals] = rowsOf<Record<string, number>>(
    await db.execute(sql`
      select
        (select count(*) from hotels where archived_at is null)::int as total_hotels,
        (select count(*) from offers o join merchants m on m.id = o.merchant_id
           where o.archived_at is null and m.archived_at is null)::int as total_offers`),
  );
  const perLocation = rowsOf<Record<string, number | string>>(
    await db.execute(sql`
      select 'hotels' as kind, location_id, count(*) filter (where ${today('created_at')})::int as today,
        count(*) filter (where ${month('created_at')})::int as month, count(*)::int as total
      from hotels where archived_at is null group by location_id
      union all
      select 'merchants', location_id, count(*) filter (where ${today('created_at')})::int,
        count(*) filter (where ${month('created_at')})::int, count(*)::int
      from merchants where archived_at is null group by location_id`),
  );
  const byLocation = new Map<number, LocationCatalogue>();
  for (const row of perLocation) {
    const id = Number(row.location_id);
    const entry = byLocation.get(id) ?? { hotels: [0, 0, 0], merchants: [0, 0, 0] };
    entry[row.kind === 'hotels' ? 'hotels' : 'merchants'] = [Number(row.today), Number(row.month), Number(row.total)];
    byLocation.set(id, entry);
  }
  return { totalHotels: Number(totals!.total_hotels), totalOffers: Number(totals!.total_offers), byLocation };
}

interface RevenueFigures {
  headline: Pick<Headline, 'revenueToday' | 'revenueMonth' | 'revenueYear' | 'revenueAllTime'>;
  byLocation: Map<number, { today: number; month: number; total: number }>;
}

/**
 * Revenue (location_monthly_revenue; today's payments from their index), overall and per location: read from
 * subscription periods only, so kept with the catalogue figures (periods bump catalogue_version, migration 0041).
 */
async function revenueFigures(db: Db, c: BusinessCalendar): Promise<RevenueFigures> {
  const today = within('sp.paid_at', c.today, c.tomorrow, c.timeZone);
  const rows = rowsOf<Record<string, number | null>>(
    await db.execute(sql`
      select r.location_id, r.month, r.year, r.total, coalesce(t.today, 0)::float8 as today
      from (
        select location_id, coalesce(sum(amount) filter (where month = ${c.monthStart}::date), 0)::float8 as month,
          coalesce(sum(amount) filter (where month >= ${c.yearStart}::date and month < ${c.nextYearStart}::date), 0)::float8
            as year,
          coalesce(sum(amount), 0)::float8 as total
        from location_monthly_revenue group by location_id
      ) r
      full join (
        select hp.location_id, sum(sp.amount) as today
        from subscription_periods sp join hotels hp on hp.id = sp.hotel_id
        where ${today} and sp.cancelled_at is null group by hp.location_id
      ) t on t.location_id = r.location_id`),
  );
  const byLocation = new Map<number, { today: number; month: number; total: number }>();
  const sums = { today: 0, month: 0, year: 0, total: 0 };
  for (const row of rows) {
    const figures = {
      today: Number(row.today ?? 0),
      month: Number(row.month ?? 0),
      year: Number(row.year ?? 0),
      total: Number(row.total ?? 0),
    };
    for (const key of ['today', 'month', 'year', 'total'] as const) sums[key] += figures[key];
    byLocation.set(Number(row.location_id), {
      today: rupees(figures.today),
      month: rupees(figures.month),
      total: rupees(figures.total),
    });
  }
  return {
    headline: {
      revenueToday: rupees(sums.today),
      revenueMonth: rupees(sums.month),
      revenueYear: rupees(sums.year),
      revenueAllTime: rupees(sums.total),
    },
    byLocation,
  };
}

type LocationActivity = Pick<LocationRow, 'name' | 'scansToday' | 'scansThisMonth' | 'scansTotal'> & {
  id: number;
  redemptionsTotal: number;
};

/**
 * Scans per location and redemptions in all, every location (zeros included), sorted by name: from the derived
 * counters (hotel_stats, location_daily_stats), which move with every guest and redemption.
 */
async function locationActivity(db: Db, c: BusinessCalendar): Promise<LocationActivity[]> {
  const result = await db.execute(sql`
    select l.id, l.name,
      coalesce(sd.today, 0)::int as scans_today, coalesce(sd.month, 0)::int as scans_month, coalesce(s.total, 0)::int as scans_total,
      coalesce(s.redemptions, 0)::int as redemptions_total
    from locations l
    left join (
      select hs.location_id, sum(st.scans) as total, sum(st.redemptions) as redemptions
      from hotel_stats st join hotels hs on hs.id = st.hotel_id group by hs.location_id
    ) s on s.location_id = l.id
    left join (
      select d.location_id, sum(d.scans) filter (where d.day = ${c.today}::date) as today, sum(d.scans) as month
      from location_daily_stats d
      where d.day >= ${c.monthStart}::date and d.day < ${c.nextMonthStart}::date group by d.location_id
    ) sd on sd.location_id = l.id
    order by lower(l.name), l.id`);
  return rowsOf<Record<string, string | number>>(result).map((row) => ({
    id: Number(row.id),
    name: String(row.name),
    scansToday: Number(row.scans_today),
    scansThisMonth: Number(row.scans_month),
    scansTotal: Number(row.scans_total),
    redemptionsTotal: Number(row.redemptions_total),
  }));
}

function withCatalogue(locations: LocationActivity[], catalogue: CatalogueFigures): LocationRow[] {
  return locations.map(({ id, redemptionsTotal: _redemptions, ...activity }) => {
    const counts = catalogue.byLocation.get(id);
    const [hotelsToday, hotelsThisMonth, hotelsTotal] = counts?.hotels ?? [0, 0, 0];
    const [merchantsToday, merchantsThisMonth, merchantsTotal] = counts?.merchants ?? [0, 0, 0];
    const revenue = catalogue.revenue.byLocation.get(id) ?? { today: 0, month: 0, total: 0 };
    return {
      ...activity,
      hotelsToday,
      hotelsThisMonth,
      hotelsTotal,
      merchantsToday,
      merchantsThisMonth,
      merchantsTotal,
      revenueToday: revenue.today,
      revenueThisMonth: revenue.month,
      revenueTotal: revenue.total,
    };
  });
}

/** Periods of non-archived hotels ending in the tracked months, per month and location; done = renewed since. */
async function renewalFigures(db: Db, c: BusinessCalendar): Promise<RenewalRow[]> {
  const end = addMonths(c.monthStart, RENEWAL_MONTHS);
  const result = await db.execute(sql`
    select to_char(p.to_date, 'YYYY-MM') as month, l.name as location,
      count(*)::int as count,
      count(*) filter (where exists (
        select 1 from subscription_periods later
        where later.hotel_id = p.hotel_id and later.from_date > p.from_date and later.cancelled_at is null
      ))::int as done
    from subscription_periods p
    join hotels h on h.id = p.hotel_id and h.archived_at is null
    join locations l on l.id = h.location_id
    where p.to_date >= ${c.monthStart}::date and p.to_date < ${end}::date and p.cancelled_at is null
    group by 1, l.id, l.name
    order by 1, lower(l.name)`);
  return rowsOf<Record<string, string | number>>(result).map((row) => ({
    month: String(row.month),
    location: String(row.location),
    count: Number(row.count),
    done: Number(row.done),
  }));
}

export const CHART_DAYS = 30;
export const CHART_MONTHS = 12;

export interface DashboardChartData {
  /** The last CHART_DAYS business days, oldest first (today last), every day present. */
  days: { day: string; scans: number; redemptions: number }[];
  /** The last CHART_MONTHS business months, oldest first (this month last), every month present. */
  months: { month: string; revenue: number }[];
}

/**
 * The dashboard's charts: scans and redemptions per day (location_daily_stats, a range of its (day, location_id)
 * index) and revenue per month (location_monthly_revenue), each summed over locations and shards (docs/DATA.md), so
 * the cost is a few thousand counter rows whatever the number of scans.
 */
export async function dashboardCharts(db: Db, timeZone: string, now: Date = new Date()): Promise<DashboardChartData> {
  const c = businessCalendar(timeZone, now);
  const firstDay = addDays(c.today, 1 - CHART_DAYS);
  const firstMonth = addMonths(c.monthStart, 1 - CHART_MONTHS);
  await foldCouponCounts(db);
  // One statement (one round trip, one pooled connection): the days, then the months.
  const rows = rowsOf<{ kind: 'day' | 'month'; key: string; scans: number; redemptions: number; revenue: number }>(
    await db.execute(sql`
      select 'day' as kind, to_char(g.day, 'YYYY-MM-DD') as key, coalesce(d.scans, 0)::int as scans,
        coalesce(d.redemptions, 0)::int as redemptions, 0::float8 as revenue
      from generate_series(${firstDay}::date, ${c.today}::date, interval '1 day') g(day)
      left join (
        select day, sum(scans) as scans, sum(redemptions) as redemptions from location_daily_stats
        where day >= ${firstDay}::date and day <= ${c.today}::date group by day
      ) d on d.day = g.day::date
      union all
      select 'month', to_char(g.month, 'YYYY-MM'), 0, 0, coalesce(r.amount, 0)::float8
      from generate_series(${firstMonth}::date, ${c.monthStart}::date, interval '1 month') g(month)
      left join (
        select month, sum(amount) as amount from location_monthly_revenue
        where month >= ${firstMonth}::date and month <= ${c.monthStart}::date group by month
      ) r on r.month = g.month::date
      order by 1, 2`),
  );
  return {
    days: rows
      .filter((row) => row.kind === 'day')
      .map((row) => ({ day: row.key, scans: Number(row.scans), redemptions: Number(row.redemptions) })),
    months: rows.filter((row) => row.kind === 'month').map((row) => ({ month: row.key, revenue: rupees(row.revenue) })),
  };
}
