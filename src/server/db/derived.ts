import { performance } from 'node:perf_hooks';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';
import { rowsOf } from './rows';
import { FUNNEL_FALL_DAYS } from '../../shared/schemas/funnel';

/**
 * The derived tables (derived-tables.ts) are kept in step by triggers; these two calls cover what triggers
 * cannot: a bulk load, restore or repair (rebuild from the base tables), and a change of APP_TIMEZONE (the days
 * the counters are bucketed by).
 */

const TIME_ZONE_KEY = 'business_time_zone';

/** Every day at once: the rebuild holds its locks anyway (the summary job goes a week at a time). */
const REBUILD_ALL_DAYS = 1_000_000;

/** What a rebuild reports after each step (`npm run db:rebuild-derived` prints it): its name, rows written, time taken. */
export type RebuildProgress = (step: { name: string; rows: number | null; ms: number }) => void;

/**
 * Recounts every derived table from the base tables in one transaction (readers see the old or the new figures).
 * `progress` hears of each step as it ends (bulk loads and restores take minutes: docs/OPERATING.md "Bulk paths").
 */
export async function rebuildDerived(db: Db, progress?: RebuildProgress): Promise<void> {
  await db.transaction(async (outer) => {
    const tx = progress ? reporting(outer, progress) : outer;
    // The business day and month by the zone read once: stayperks_business_day() reads app_settings on every call
    // (a SQL function with a sub-select is not inlined), six times slower over a season of rows.
    const [zone] = rowsOf<{ name: string }>(
      await outer.execute(
        sql`select coalesce((select value from app_settings where key = ${TIME_ZONE_KEY}), 'Asia/Kolkata') as name`,
      ),
    );
    const dayOf = (ts: SQL) => sql`(${ts} at time zone ${zone!.name}::text)::date`;
    const monthOf = (ts: SQL) => sql`date_trunc('month', ${dayOf(ts)})::date`;
    // Serialise with concurrent writers so nothing counted by a trigger slips between the delete and the recount.
    await tx.execute(
      sql`lock table hotels, customer_scans, coupons, review_snapshots, subscription_periods, funnel_events in share row exclusive mode`,
    );
    // Changes and scans not yet folded (migrations 0045, 0046) are in the base tables, so the recount below counts
    // them: they go, under the folds' lock, so no fold adds them again.
    await tx.execute(sql`select pg_advisory_xact_lock(2029, 0)`);
    await tx.execute(sql`delete from coupon_count_changes`);
    await tx.execute(sql`delete from scan_count_changes`);
    await tx.execute(sql`delete from hotel_daily_stats`);
    await tx.execute(sql`delete from hotel_stats`);
    await tx.execute(sql`delete from merchant_stats`);
    await tx.execute(sql`
      with tz as (select coalesce((select value from app_settings where key = ${TIME_ZONE_KEY}), 'Asia/Kolkata') as name)
      insert into hotel_daily_stats (hotel_id, day, scans, coupons, redemptions)
      select hotel_id, day, sum(scans), sum(coupons), sum(redemptions) from (
        select s.hotel_id, (s.scan_date at time zone (select name from tz))::date as day, count(*) as scans, 0 as coupons, 0 as redemptions
          from customer_scans s group by 1, 2
        union all
        select s.hotel_id, (s.scan_date at time zone (select name from tz))::date, 0, count(*), 0
          from coupons c join customer_scans s on s.id = c.scan_id group by 1, 2
        union all
        select s.hotel_id, (coalesce(c.redeemed_at, c.created_at) at time zone (select name from tz))::date, 0, 0, count(*)
          from coupons c join customer_scans s on s.id = c.scan_id where c.is_redeemed group by 1, 2
      ) x group by 1, 2 order by 2, 1`);
    await tx.execute(sql`delete from location_daily_stats`);
    await tx.execute(sql`
      insert into location_daily_stats (location_id, day, scans, coupons, redemptions)
      select h.location_id, d.day, sum(d.scans), sum(d.coupons), sum(d.redemptions)
      from hotel_daily_stats d join hotels h on h.id = d.hotel_id group by 1, 2 order by 2, 1`);
    await tx.execute(sql`
      insert into hotel_stats (hotel_id, scans, coupons, redemptions)
      select hotel_id, sum(scans), sum(coupons), sum(redemptions) from hotel_daily_stats group by hotel_id`);
    await tx.execute(sql`
      update hotel_stats st set spend = x.spend from (
        select s.hotel_id, sum(c.bill_amount) as spend from coupons c join customer_scans s on s.id = c.scan_id
        where c.bill_amount is not null group by 1
      ) x where st.hotel_id = x.hotel_id`);
    await tx.execute(sql`delete from hotel_merchant_stats`);
    await tx.execute(sql`
      insert into hotel_merchant_stats (hotel_id, merchant_id, redemptions)
      select s.hotel_id, c.merchant_id, count(*) from coupons c join customer_scans s on s.id = c.scan_id
      where c.is_redeemed group by 1, 2`);
    await tx.execute(sql`
      insert into merchant_stats (merchant_id, coupons, redemptions)
      select merchant_id, count(*), count(*) filter (where is_redeemed) from coupons group by merchant_id`);
    await tx.execute(sql`delete from offer_monthly_stats`);
    await tx.execute(sql`
      insert into offer_monthly_stats (offer_id, month, issued, redeemed, bill_total, bills_entered)
      select offer_id, month, sum(issued), sum(redeemed), sum(bill_total), sum(bills_entered) from (
        select offer_id, ${monthOf(sql`created_at`)} as month, count(*) as issued, 0 as redeemed,
          0 as bill_total, 0 as bills_entered from coupons group by 1, 2
        union all
        select offer_id, ${monthOf(sql`coalesce(redeemed_at, created_at)`)}, 0,
          count(*) filter (where is_redeemed), coalesce(sum(bill_amount), 0), count(bill_amount)
        from coupons where is_redeemed or bill_amount is not null group by 1, 2
      ) x group by 1, 2`);
    // The funnel (docs/DATA.md "Funnel"): events from funnel_events (its base table: the tab hashes are gone after
    // their day), issued and redeemed from the scans and their vouchers.
    // Its summaries (migration 0050) are made again from the rows below; their triggers stand aside meanwhile.
    await tx.execute(sql`select set_config('stayperks.rollups_by_caller', 'on', true)`);
    await tx.execute(sql`delete from funnel_location_days`);
    await tx.execute(sql`delete from funnel_hotel_windows`);
    await tx.execute(
      sql`delete from app_settings where key in ('funnel_location_days_through', 'funnel_fall_windows')`,
    );
    await tx.execute(sql`delete from funnel_daily_stats`);
    // Written in day order, as the app writes them (each day's rows are made that day): the back office reads a range
    // of days for every hotel, about 60 rows a page so against 6 in hotel order at 10,000 hotels (1.4 s -> 0.12 s).
    await tx.execute(sql`
      insert into funnel_daily_stats (hotel_id, placement_id, day, opens, details, issued, redeemed, review_taps, shares)
      select hotel_id, placement_id, day, sum(opens), sum(details), sum(issued), sum(redeemed), sum(review_taps),
        sum(shares) from (
        select hotel_id, placement_id, day, count(*) filter (where kind = 'page_open') as opens,
          count(*) filter (where kind = 'details_entered') as details, 0 as issued, 0 as redeemed,
          count(*) filter (where kind = 'review_tap') as review_taps, count(*) filter (where kind = 'share') as shares
        from funnel_events group by 1, 2, 3
        union all
        select s.hotel_id, s.placement_id, ${dayOf(sql`s.scan_date`)}, 0, 0, count(*), count(r.scan_id), 0, 0
        from customer_scans s left join (select distinct scan_id from coupons where is_redeemed) r on r.scan_id = s.id
        group by 1, 2, 3
      ) x group by 1, 2, 3 order by 3, 1`);
    // Every day is one row per hotel and card now (shard 0): compacted through yesterday, set rather than advanced, as
    // a new time zone may have moved the days back (stayperks_compact_funnel_days, migration 0025).
    await tx.execute(sql`
      insert into app_settings (key, value)
      values ('funnel_compacted_through', to_char(stayperks_business_day(clock_timestamp()) - 1, 'YYYY-MM-DD'))
      on conflict (key) do update set value = excluded.value, updated_at = now()`);
    await tx.execute(sql`select set_config('stayperks.rollups_by_caller', '', true)`);
    await tx.execute(sql`select stayperks_extend_funnel_location_days(${REBUILD_ALL_DAYS})`);
    await tx.execute(sql`select stayperks_build_funnel_fall_windows(${FUNNEL_FALL_DAYS})`);
    await tx.execute(sql`delete from location_monthly_revenue`);
    await tx.execute(sql`
      insert into location_monthly_revenue (location_id, month, amount, payments)
      select h.location_id, ${monthOf(sql`sp.paid_at`)}, sum(sp.amount), count(*)
      from subscription_periods sp join hotels h on h.id = sp.hotel_id
      where sp.cancelled_at is null group by 1, 2`);
    await recountClaimCounters(tx, zone!.name);
    await tx.execute(sql`delete from hotel_review_stats`);
    await tx.execute(sql`
      select stayperks_refresh_review_stats(h.id) from hotels h
      where exists (select 1 from review_snapshots s where s.hotel_id = h.id)`);
    // Each hotel's first and last snapshot per business month (docs/DATA.md "Review months"; migration 0033).
    await tx.execute(sql`select stayperks_rebuild_review_months()`);
  });
}

/**
 * `db` whose execute() reports each statement to `progress` by the table it writes (the table after insert into,
 * delete from or update, else lock table or select), its rows (node-postgres rowCount, PGlite affectedRows) and time.
 */
function reporting(db: Db, progress: RebuildProgress): Db {
  return new Proxy(db, {
    get(target, key, receiver) {
      if (key !== 'execute') return Reflect.get(target, key, receiver) as unknown;
      return async (query: Parameters<Db['execute']>[0]) => {
        const started = performance.now();
        const result: unknown = await target.execute(query);
        const text = typeof query === 'string' ? query : (query as { queryChunks?: unknown[] }).queryChunks;
        progress({ name: stepName(JSON.stringify(text)), rows: affectedRows(result), ms: performance.now() - started });
        return result;
      };
    },
  });
}

function stepName(text: string): string {
  for (const pattern of [/\b(insert into|delete from|update)\s+([a-z_]+)/i, /\b(lock table|select)\s+([a-z_]+)/i]) {
    const match = pattern.exec(text);
    if (match) return `${match[1]!.toLowerCase()} ${match[2]}`;
  }
  return 'statement';
}

function affectedRows(result: unknown): number | null {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? null;
}

/**
 * The daily claim counters of the cards (docs/PRODUCT.md "Guest trust", docs/DATA.md "Placements"): claims a business
 * day through each placement (placement_day_claims) and through each hotel's old link (hotel_link_day_claims), kept in
 * the claim's transaction, recounted here from the scans (a scan is one claim; anonymised ones still count). Also for
 * scans made before placements came (their old link's history) and loaded in bulk (the demo data).
 */
export async function recountClaimCounters(db: Db, zone?: string): Promise<void> {
  // With the zone given (rebuildDerived), the day is computed inline rather than by stayperks_business_day per row.
  const dayOf = (ts: SQL) =>
    zone ? sql`(${ts} at time zone ${zone}::text)::date` : sql`stayperks_business_day(${ts})`;
  await db.execute(sql`lock table placement_day_claims, hotel_link_day_claims in share row exclusive mode`);
  await db.execute(sql`delete from placement_day_claims`);
  await db.execute(sql`delete from hotel_link_day_claims`);
  await db.execute(sql`
    insert into placement_day_claims (placement_id, day, claims)
    select placement_id, ${dayOf(sql`scan_date`)}, count(*) from customer_scans
    where placement_id is not null group by 1, 2`);
  await db.execute(sql`
    insert into hotel_link_day_claims (hotel_id, day, claims)
    select hotel_id, ${dayOf(sql`scan_date`)}, count(*) from customer_scans
    where placement_id is null group by 1, 2`);
}

/**
 * Stores the business time zone the triggers bucket days by. When it differs from the stored one (or from the
 * migration's default on a first start), the derived tables are rebuilt under the new zone. Returns true if so.
 */
export async function syncBusinessTimeZone(db: Db, timeZone: string, progress?: RebuildProgress): Promise<boolean> {
  const stored = rowsOf<{ value: string }>(
    await db.execute(sql`select value from app_settings where key = ${TIME_ZONE_KEY}`),
  )[0]?.value;
  if (stored === timeZone) return false;
  await db.execute(sql`
    insert into app_settings (key, value) values (${TIME_ZONE_KEY}, ${timeZone})
    on conflict (key) do update set value = excluded.value, updated_at = now()`);
  // The migration counted existing rows under Asia/Kolkata; nothing to redo when that is the zone.
  if (stored === undefined && timeZone === 'Asia/Kolkata') return false;
  await rebuildDerived(db, progress);
  return true;
}

/**
 * Bumps the catalogue version (docs/DATA.md "Catalogue version") for a change no statement trigger sees: an offer's
 * cap filling up or a slot freed again (docs/DATA.md "Offer caps"). In the caller's transaction, so a guest list
 * keyed by the version changes on every server once it commits.
 */
export async function bumpCatalogueVersion(db: Db): Promise<void> {
  await db.execute(sql`update catalogue_version set version = version + 1 where id = 1`);
}
