import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { rowsOf } from './rows';

/**
 * The derived tables (derived-tables.ts) are kept in step by triggers; these two calls cover what triggers
 * cannot: a bulk load, restore or repair (rebuild from the base tables), and a change of APP_TIMEZONE (the days
 * the counters are bucketed by).
 */

const TIME_ZONE_KEY = 'business_time_zone';

/** Recounts every derived table from the base tables in one transaction (readers see the old or the new figures). */
export async function rebuildDerived(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    // Serialise with concurrent writers so nothing counted by a trigger slips between the delete and the recount.
    await tx.execute(
      sql`lock table hotels, customer_scans, coupons, review_snapshots, subscription_periods, funnel_events in share row exclusive mode`,
    );
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
        select offer_id, stayperks_business_month(created_at) as month, count(*) as issued, 0 as redeemed,
          0 as bill_total, 0 as bills_entered from coupons group by 1, 2
        union all
        select offer_id, stayperks_business_month(coalesce(redeemed_at, created_at)), 0,
          count(*) filter (where is_redeemed), coalesce(sum(bill_amount), 0), count(bill_amount)
        from coupons where is_redeemed or bill_amount is not null group by 1, 2
      ) x group by 1, 2`);
    // The funnel (docs/DATA.md "Funnel"): events from funnel_events (its base table: the tab hashes are gone after
    // their day), issued and redeemed from the scans and their vouchers.
    await tx.execute(sql`delete from funnel_daily_stats`);
    await tx.execute(sql`
      insert into funnel_daily_stats (hotel_id, placement_id, day, opens, details, issued, redeemed, review_taps, shares)
      select hotel_id, placement_id, day, sum(opens), sum(details), sum(issued), sum(redeemed), sum(review_taps),
        sum(shares) from (
        select hotel_id, placement_id, day, count(*) filter (where kind = 'page_open') as opens,
          count(*) filter (where kind = 'details_entered') as details, 0 as issued, 0 as redeemed,
          count(*) filter (where kind = 'review_tap') as review_taps, count(*) filter (where kind = 'share') as shares
        from funnel_events group by 1, 2, 3
        union all
        select s.hotel_id, s.placement_id, stayperks_business_day(s.scan_date), 0, 0, count(*),
          count(*) filter (where exists (select 1 from coupons c where c.scan_id = s.id and c.is_redeemed)), 0, 0
        from customer_scans s group by 1, 2, 3
      ) x group by 1, 2, 3`);
    // Every day is one row per hotel and card now (shard 0): compacted through yesterday, set rather than advanced, as
    // a new time zone may have moved the days back (stayperks_compact_funnel_days, migration 0025).
    await tx.execute(sql`
      insert into app_settings (key, value)
      values ('funnel_compacted_through', to_char(stayperks_business_day(clock_timestamp()) - 1, 'YYYY-MM-DD'))
      on conflict (key) do update set value = excluded.value, updated_at = now()`);
    await tx.execute(sql`delete from location_monthly_revenue`);
    await tx.execute(sql`
      insert into location_monthly_revenue (location_id, month, amount, payments)
      select h.location_id, date_trunc('month', stayperks_business_day(sp.paid_at))::date, sum(sp.amount), count(*)
      from subscription_periods sp join hotels h on h.id = sp.hotel_id group by 1, 2`);
    await recountClaimCounters(tx);
    await tx.execute(sql`delete from hotel_review_stats`);
    await tx.execute(sql`
      select stayperks_refresh_review_stats(h.id) from hotels h
      where exists (select 1 from review_snapshots s where s.hotel_id = h.id)`);
    // Each hotel's first and last snapshot per business month (docs/DATA.md "Review months"; migration 0033).
    await tx.execute(sql`select stayperks_rebuild_review_months()`);
  });
}

/**
 * The daily claim counters of the cards (docs/PRODUCT.md "Guest trust", docs/DATA.md "Placements"): claims a business
 * day through each placement (placement_day_claims) and through each hotel's old link (hotel_link_day_claims), kept in
 * the claim's transaction, recounted here from the scans (a scan is one claim; anonymised ones still count). Also for
 * scans made before placements came (their old link's history) and loaded in bulk (the demo data).
 */
export async function recountClaimCounters(db: Db): Promise<void> {
  await db.execute(sql`lock table placement_day_claims, hotel_link_day_claims in share row exclusive mode`);
  await db.execute(sql`delete from placement_day_claims`);
  await db.execute(sql`delete from hotel_link_day_claims`);
  await db.execute(sql`
    insert into placement_day_claims (placement_id, day, claims)
    select placement_id, stayperks_business_day(scan_date), count(*) from customer_scans
    where placement_id is not null group by 1, 2`);
  await db.execute(sql`
    insert into hotel_link_day_claims (hotel_id, day, claims)
    select hotel_id, stayperks_business_day(scan_date), count(*) from customer_scans
    where placement_id is null group by 1, 2`);
}

/**
 * Stores the business time zone the triggers bucket days by. When it differs from the stored one (or from the
 * migration's default on a first start), the derived tables are rebuilt under the new zone. Returns true if so.
 */
export async function syncBusinessTimeZone(db: Db, timeZone: string): Promise<boolean> {
  const stored = rowsOf<{ value: string }>(
    await db.execute(sql`select value from app_settings where key = ${TIME_ZONE_KEY}`),
  )[0]?.value;
  if (stored === timeZone) return false;
  await db.execute(sql`
    insert into app_settings (key, value) values (${TIME_ZONE_KEY}, ${timeZone})
    on conflict (key) do update set value = excluded.value, updated_at = now()`);
  // The migration counted existing rows under Asia/Kolkata; nothing to redo when that is the zone.
  if (stored === undefined && timeZone === 'Asia/Kolkata') return false;
  await rebuildDerived(db);
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
