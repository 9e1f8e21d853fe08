import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  unique,
  uuid,
  type PgColumnBuilderBase,
} from 'drizzle-orm/pg-core';
import { counter, integerRef, shard, uuidRef } from './columns';

/**
 * Derived tables: counters kept in step by database triggers (migration 0003_derived_triggers.sql) in the same
 * transaction as the write they follow, and rebuilt from the base tables by `npm run db:rebuild-derived`.
 * Figures over history read these, never a scan of all history (docs/DATA.md). Redemptions and guest submissions are
 * the exception: they leave a change row that a fold adds in batches, and every reader folds first
 * (db/folded-counts.ts, migrations 0045 and 0046).
 *
 * Days are business days in the time zone stored in app_settings('business_time_zone'). A scan and its coupons
 * count on the scan's day; a redemption counts on the day it was redeemed.
 *
 * Each counter is spread over a few rows (`shard`, the writing connection's backend pid modulo 16, migration 0009):
 * a row stays locked until its transaction commits, so one busy merchant's or hotel's concurrent redemptions and
 * scans would otherwise queue on one row. Readers always sum over the shards.
 */

/**
 * The base tables the counters belong to, by their keys alone: db/ imports no module (docs/DEVELOPING.md "Server
 * layout"), so the foreign keys below point at these stand-ins. A foreign key is written by table and column name,
 * so the constraints (and the migrations) are those of the real tables; tests/unit/derived-tables.test.ts checks
 * that each stand-in's key matches its table's.
 */
export const baseKeys = {
  hotels: pgTable('hotels', { id: uuid('id').primaryKey() }),
  merchants: pgTable('merchants', { id: uuid('id').primaryKey() }),
  locations: pgTable('locations', { id: serial('id').primaryKey() }),
  offers: pgTable('offers', { id: uuid('id').primaryKey() }),
};
const { hotels, merchants, locations, offers } = baseKeys;

/** A daily table's columns after its key (hotel or location): the business day, that day's counts, the shard. */
const dailyCounts = () => ({
  day: date('day').notNull(),
  scans: counter('scans'),
  coupons: counter('coupons'),
  redemptions: counter('redemptions'),
  shard: shard(),
});

/**
 * A daily table: a row per `key` (its column `keyColumn`), business day and shard, and an index by day then key for
 * a date range over every key.
 */
function dailyStatsTable<TKey extends string, TKeyColumn extends PgColumnBuilderBase>(
  name: string,
  key: TKey,
  keyColumn: TKeyColumn,
) {
  const columns = { [key]: keyColumn, ...dailyCounts() } as Record<TKey, TKeyColumn> & ReturnType<typeof dailyCounts>;
  return pgTable(name, columns, (t) => [
    primaryKey({ columns: [t[key], t.day, t.shard] }),
    index(`${name}_day_idx`).on(t.day, t[key]),
  ]);
}

/** Counts per hotel and business day. */
export const hotelDailyStats = dailyStatsTable(
  'hotel_daily_stats',
  'hotelId',
  uuidRef('hotel_id', () => hotels.id, { onDelete: 'cascade' }),
);

/**
 * The same per business day and location (the hotel's current location: moving a hotel moves its counts), so a
 * date range costs one row per location and day whatever the number of hotels.
 */
export const locationDailyStats = dailyStatsTable(
  'location_daily_stats',
  'locationId',
  integerRef('location_id', () => locations.id, { onDelete: 'cascade' }),
);

/** All-time totals per hotel (the sum of its hotel_daily_stats rows). */
export const hotelStats = pgTable(
  'hotel_stats',
  {
    hotelId: uuidRef('hotel_id', () => hotels.id, { onDelete: 'cascade' }),
    scans: counter('scans'),
    coupons: counter('coupons'),
    redemptions: counter('redemptions'),
    /** Guest spend at partners: the bill amounts merchants entered for this hotel's guests' coupons. */
    spend: numeric('spend', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    shard: shard(),
  },
  (t) => [primaryKey({ columns: [t.hotelId, t.shard] })],
);

/** Redemptions per hotel and merchant, all time: where a hotel's guests redeem most (the hotel dashboard). */
export const hotelMerchantStats = pgTable(
  'hotel_merchant_stats',
  {
    hotelId: uuidRef('hotel_id', () => hotels.id, { onDelete: 'cascade' }),
    merchantId: uuidRef('merchant_id', () => merchants.id, { onDelete: 'cascade' }),
    redemptions: counter('redemptions'),
    shard: shard(),
  },
  (t) => [primaryKey({ columns: [t.hotelId, t.merchantId, t.shard] })],
);

/** All-time coupon totals per merchant (the merchant dashboard). */
export const merchantStats = pgTable(
  'merchant_stats',
  {
    merchantId: uuidRef('merchant_id', () => merchants.id, { onDelete: 'cascade' }),
    coupons: counter('coupons'),
    redemptions: counter('redemptions'),
    shard: shard(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.shard] })],
);

/**
 * Per offer and business month (its first day): vouchers issued that month (by the voucher's own issue time),
 * redemptions made that month, and the bills entered for that month's redemptions (their total and number), so an
 * offer's results this month and all time are a few rows whatever its history (My Offers, All Offers, docs/DATA.md).
 * Kept by triggers on coupons (migration 0017); sharded like merchant_stats, since every redemption moves it.
 */
export const offerMonthlyStats = pgTable(
  'offer_monthly_stats',
  {
    offerId: uuidRef('offer_id', () => offers.id, { onDelete: 'cascade' }),
    month: date('month').notNull(),
    issued: counter('issued'),
    redeemed: counter('redeemed'),
    /** The bill amounts (rupees, as coupons.bill_amount) entered for this month's redemptions. */
    billTotal: numeric('bill_total', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    billsEntered: counter('bills_entered'),
    shard: shard(),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.month, t.shard] })],
);

/**
 * The guest funnel (docs/DATA.md "Funnel") per hotel, card (`placement_id`; null: the hotel's old link) and business
 * day: pages opened, details entered, review taps and shares (the day's funnel_events), vouchers issued (the day's
 * scans) and redeemed (those scans with at least one redeemed voucher, counted back on the scan's day whenever the
 * first is redeemed, and taken off when an undo leaves none), so no rate passes 100 %. Kept by triggers on
 * funnel_events, customer_scans and coupons (migration 0019_funnel); sharded, since every scan and event moves it,
 * but closed days are one row each in shard 0 up to app_settings 'funnel_compacted_through' (migration 0025).
 * No foreign key to placements: they are never deleted (docs/DATA.md "Placements").
 */
export const funnelDailyStats = pgTable(
  'funnel_daily_stats',
  {
    hotelId: uuidRef('hotel_id', () => hotels.id, { onDelete: 'cascade' }),
    placementId: uuid('placement_id'),
    day: date('day').notNull(),
    opens: counter('opens'),
    details: counter('details'),
    issued: counter('issued'),
    redeemed: counter('redeemed'),
    reviewTaps: counter('review_taps'),
    shares: counter('shares'),
    shard: shard(),
  },
  (t) => [
    // The old link's rows (no placement) are one key too: their null placement is not "distinct".
    unique('funnel_daily_stats_key').on(t.hotelId, t.placementId, t.day, t.shard).nullsNotDistinct(),
    index('funnel_daily_stats_day_idx').on(t.day, t.hotelId),
  ],
);

/**
 * One row: bumped by statement triggers whenever anything a guest's offer list shows changes (offers, merchants,
 * merchant types, hotels, locations). Caches of the guest answer are keyed by it, so every server sees a change
 * at the moment it commits.
 */
export const catalogueVersion = pgTable(
  'catalogue_version',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
  },
  (t) => [check('catalogue_version_single_row', sql`${t.id} = 1`)],
);

/**
 * One row: bumped by statement triggers whenever hotel_review_stats or hotel_review_months change (every Google
 * snapshot written, moved or deleted, and db:rebuild-derived), in the writing transaction. Hotel Details' cached
 * answer is keyed by it and by catalogue_version (docs/DATA.md "Review version"), so every server sees a new snapshot
 * at the moment it commits.
 */
export const reviewVersion = pgTable(
  'review_version',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
  },
  (t) => [check('review_version_single_row', sql`${t.id} = 1`)],
);

/**
 * Per hotel: its latest Google snapshot and the baselines of that snapshot's business day and month, so Hotel
 * Details for the current month is one row per hotel (the figures of other months read the snapshots).
 * Recomputed for the hotel by a trigger on every review_snapshots change.
 */
export const hotelReviewStats = pgTable('hotel_review_stats', {
  hotelId: uuid('hotel_id')
    .primaryKey()
    .references(() => hotels.id, { onDelete: 'cascade' }),
  latestTotal: integer('latest_total'),
  latestRating: numeric('latest_rating', { precision: 3, scale: 2, mode: 'number' }),
  latestAt: timestamp('latest_at', { withTimezone: true }).notNull(),
  /** The business day of latest_at and the total of the first snapshot that day. */
  latestDay: date('latest_day').notNull(),
  dayFirstTotal: integer('day_first_total'),
  /** The first snapshot of latest_day's month. */
  monthFirstTotal: integer('month_first_total'),
  monthFirstRating: numeric('month_first_rating', { precision: 3, scale: 2, mode: 'number' }),
});

/**
 * Per hotel and business month with a Google snapshot: that month's first and last snapshot (by fetched_at, then
 * id), so Hotel Details for a past month reads one row per hotel, the latest at or before the month, whatever the
 * number of snapshots (docs/DATA.md "Review months"). Recomputed for the (hotel, month) of every review_snapshots
 * change by a trigger; every field is the snapshot's own, null included.
 */
export const hotelReviewMonths = pgTable(
  'hotel_review_months',
  {
    hotelId: uuidRef('hotel_id', () => hotels.id, { onDelete: 'cascade' }),
    /** The first day of the business month. */
    month: date('month').notNull(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    firstTotal: integer('first_total'),
    firstRating: numeric('first_rating', { precision: 3, scale: 2, mode: 'number' }),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    lastTotal: integer('last_total'),
    lastRating: numeric('last_rating', { precision: 3, scale: 2, mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.hotelId, t.month] })],
);

/**
 * Subscription revenue per location (the hotel's current location: moving a hotel moves its payments) and business
 * month of payment, with the number of payments (a month "has payments" when it is above 0). The month-wise
 * revenue report reads this, one row per location and month, whatever the number of periods.
 */
export const locationMonthlyRevenue = pgTable(
  'location_monthly_revenue',
  {
    locationId: integerRef('location_id', () => locations.id, { onDelete: 'cascade' }),
    /** The first day of the business month. */
    month: date('month').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    payments: counter('payments'),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.month] }), index('location_monthly_revenue_month_idx').on(t.month)],
);
