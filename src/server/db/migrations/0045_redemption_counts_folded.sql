-- A redemption's six counters folded in batches (README "Performance", round 10; docs/DATA.md "Folded counts").
-- Until now the coupons' row trigger (0042) upserted six rollups in the redemption's own transaction: a third of
-- PostgreSQL's time for each redemption (0.15 to 0.2 ms of about 0.8 ms, measured by leaving them out). Now the
-- trigger writes one row to coupon_count_changes: the coupon's keys, whether it was and is redeemed, the times its
-- days are counted by, and the bill before and after. stayperks_fold_coupon_changes() takes every committed row and
-- adds them to the same six rollups in one statement, summed per rollup row. A background job folds every few seconds
-- (modules/coupons/count-fold.job.ts), and every reader of those counters folds first
-- (db/folded-counts.ts), so a screen never shows a count behind its own writes.
--
-- What stays in the redemption's transaction: the funnel's redeemed scan (a scan counts once, which needs the scan's
-- funnel lock and a look at its other coupons), and a coupon moved by hand (never by the app).
--
-- Rolling upgrade: CREATE TABLE and CREATE OR REPLACE FUNCTION take no lock on coupons. A server of the previous
-- release reads the rollups without folding, so until it is replaced its screens lag by up to the job's interval of
-- a newer server. Nothing is backfilled: the rollups were exact when this ran and every change after is in the table.

CREATE TABLE IF NOT EXISTS coupon_count_changes (
  scan_id uuid NOT NULL,
  merchant_id uuid NOT NULL,
  offer_id uuid NOT NULL,
  was_redeemed boolean NOT NULL,
  now_redeemed boolean NOT NULL,
  -- Where the coupon counted before and after: its redemption time, else its issue time (0042's old_day/new_day).
  old_at timestamptz NOT NULL,
  new_at timestamptz NOT NULL,
  old_bill numeric(12, 2),
  new_bill numeric(12, 2)
) WITH (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 2000);
--> statement-breakpoint

-- Folds every change committed so far into the rollups, in one statement, under one lock (2029) so two folds never
-- count a row twice or wait on each other's rows; answers how many changes it folded. Each rollup row gets the sum of
-- its changes (a sum of nothing is not written), in this connection's shard. Row locks in the order of the other
-- writers (hotel, location, merchant, offer): PostgreSQL runs the main statement first and then the WITH statements
-- from the last to the first.
CREATE OR REPLACE FUNCTION stayperks_fold_coupon_changes() RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  my_shard smallint := stayperks_session_shard();
  folded integer;
BEGIN
  PERFORM pg_advisory_xact_lock(2029, 0);
  WITH taken AS (
    DELETE FROM coupon_count_changes RETURNING *
  ), changes AS MATERIALIZED (
    SELECT t.merchant_id, t.offer_id, cs.hotel_id, h.location_id,
           t.was_redeemed::int AS o, t.now_redeemed::int AS n,
           (t.old_at AT TIME ZONE z.tz)::date AS old_day, (t.new_at AT TIME ZONE z.tz)::date AS new_day,
           t.old_bill, t.new_bill
      FROM taken t
      JOIN customer_scans cs ON cs.id = t.scan_id
      JOIN hotels h ON h.id = cs.hotel_id
      CROSS JOIN (SELECT coalesce((SELECT value FROM app_settings WHERE key = 'business_time_zone'), 'Asia/Kolkata') AS tz) z
  ), days AS MATERIALIZED (
    SELECT hotel_id, location_id, old_day AS day, -o AS delta FROM changes
    UNION ALL
    SELECT hotel_id, location_id, new_day, n FROM changes
  ), offer_month AS (
    INSERT INTO offer_monthly_stats AS t (offer_id, month, shard, redeemed, bill_total, bills_entered)
    SELECT d.offer_id, d.month, my_shard, sum(d.redeemed), sum(d.bill), sum(d.bills)
      FROM (SELECT offer_id, date_trunc('month', old_day)::date AS month, -o AS redeemed,
                   -coalesce(old_bill, 0) AS bill, -(old_bill IS NOT NULL)::int AS bills FROM changes
            UNION ALL
            SELECT offer_id, date_trunc('month', new_day)::date, n, coalesce(new_bill, 0), (new_bill IS NOT NULL)::int
              FROM changes) d
     GROUP BY d.offer_id, d.month HAVING sum(d.redeemed) <> 0 OR sum(d.bill) <> 0 OR sum(d.bills) <> 0
     ORDER BY 1, 2
    ON CONFLICT (offer_id, month, shard) DO UPDATE
      SET redeemed = t.redeemed + excluded.redeemed, bill_total = t.bill_total + excluded.bill_total,
          bills_entered = t.bills_entered + excluded.bills_entered
  ), pair AS (
    INSERT INTO hotel_merchant_stats AS t (hotel_id, merchant_id, shard, redemptions)
    SELECT hotel_id, merchant_id, my_shard, sum(n - o) FROM changes
     GROUP BY hotel_id, merchant_id HAVING sum(n - o) <> 0 ORDER BY 1, 2
    ON CONFLICT (hotel_id, merchant_id, shard) DO UPDATE SET redemptions = t.redemptions + excluded.redemptions
  ), merchant_total AS (
    INSERT INTO merchant_stats AS t (merchant_id, shard, redemptions)
    SELECT merchant_id, my_shard, sum(n - o) FROM changes GROUP BY merchant_id HAVING sum(n - o) <> 0 ORDER BY 1
    ON CONFLICT (merchant_id, shard) DO UPDATE SET redemptions = t.redemptions + excluded.redemptions
  ), location_day AS (
    INSERT INTO location_daily_stats AS t (location_id, day, shard, redemptions)
    SELECT location_id, day, my_shard, sum(delta) FROM days GROUP BY location_id, day HAVING sum(delta) <> 0
     ORDER BY 1, 2
    ON CONFLICT (location_id, day, shard) DO UPDATE SET redemptions = t.redemptions + excluded.redemptions
  ), hotel_total AS (
    INSERT INTO hotel_stats AS t (hotel_id, shard, redemptions, spend)
    SELECT hotel_id, my_shard, sum(n - o), sum(coalesce(new_bill, 0) - coalesce(old_bill, 0)) FROM changes
     GROUP BY hotel_id HAVING sum(n - o) <> 0 OR sum(coalesce(new_bill, 0) - coalesce(old_bill, 0)) <> 0 ORDER BY 1
    ON CONFLICT (hotel_id, shard) DO UPDATE
      SET redemptions = t.redemptions + excluded.redemptions, spend = t.spend + excluded.spend
  ), hotel_day AS (
    INSERT INTO hotel_daily_stats AS t (hotel_id, day, shard, redemptions)
    SELECT hotel_id, day, my_shard, sum(delta) FROM days GROUP BY hotel_id, day HAVING sum(delta) <> 0 ORDER BY 1, 2
    ON CONFLICT (hotel_id, day, shard) DO UPDATE SET redemptions = t.redemptions + excluded.redemptions
  )
  SELECT count(*) INTO folded FROM changes;
  RETURN folded;
END $$;
--> statement-breakpoint

-- 0042's trigger with its six upserts replaced by the change row; the funnel's part looks up the scan only when it
-- counts (the scan's first redeemed coupon, or its last one undone).
CREATE OR REPLACE FUNCTION stayperks_coupons_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  s record;
  o integer := OLD.is_redeemed::int;
  n integer := NEW.is_redeemed::int;
BEGIN
  IF NEW.scan_id <> OLD.scan_id OR NEW.merchant_id <> OLD.merchant_id OR NEW.offer_id <> OLD.offer_id
     OR NEW.created_at <> OLD.created_at THEN
    -- Moved by hand (never by the app): the coupon is taken off where it was counted and counted again, by the
    -- functions the insert and delete triggers use.
    PERFORM stayperks_count_coupon(OLD, -1);
    PERFORM stayperks_count_coupon(NEW, 1);
    PERFORM stayperks_bump_offer_month(OLD.offer_id, stayperks_business_month(OLD.created_at), -1, 0, 0, 0);
    PERFORM stayperks_bump_offer_month(NEW.offer_id, stayperks_business_month(NEW.created_at), 1, 0, 0, 0);
    PERFORM stayperks_count_offer_redemption(OLD, -1);
    PERFORM stayperks_count_offer_redemption(NEW, 1);
    PERFORM stayperks_bump_spend((SELECT hotel_id FROM customer_scans WHERE id = OLD.scan_id), -OLD.bill_amount);
    PERFORM stayperks_bump_spend((SELECT hotel_id FROM customer_scans WHERE id = NEW.scan_id), NEW.bill_amount);
    IF OLD.is_redeemed THEN PERFORM stayperks_funnel_coupon_redeemed(OLD.scan_id, OLD.id, -1); END IF;
    IF NEW.is_redeemed THEN PERFORM stayperks_funnel_coupon_redeemed(NEW.scan_id, NEW.id, 1); END IF;
    RETURN NEW;
  END IF;

  -- The common case: the same coupon redeemed, undone, re-dated or billed, counted when folded.
  INSERT INTO coupon_count_changes (scan_id, merchant_id, offer_id, was_redeemed, now_redeemed, old_at, new_at,
                                    old_bill, new_bill)
  VALUES (NEW.scan_id, NEW.merchant_id, NEW.offer_id, OLD.is_redeemed, NEW.is_redeemed,
          coalesce(OLD.redeemed_at, OLD.created_at), coalesce(NEW.redeemed_at, NEW.created_at),
          OLD.bill_amount, NEW.bill_amount);

  -- The funnel's redeemed scans: a scan counts once any of its coupons is redeemed (docs/DATA.md "Funnel"), under the
  -- scan's funnel lock; a past day's row is shard 0, as stayperks_bump_funnel writes it.
  IF o <> n THEN
    PERFORM pg_advisory_xact_lock(2027, stayperks_funnel_lock_bucket(NEW.scan_id));
    IF NOT EXISTS (SELECT 1 FROM coupons WHERE scan_id = NEW.scan_id AND is_redeemed AND id <> NEW.id) THEN
      SELECT cs.hotel_id, cs.placement_id, cs.scan_date,
             coalesce((SELECT value FROM app_settings WHERE key = 'business_time_zone'), 'Asia/Kolkata') AS tz
        INTO s FROM customer_scans cs WHERE cs.id = NEW.scan_id;
      INSERT INTO funnel_daily_stats AS f (hotel_id, placement_id, day, shard, redeemed)
      SELECT s.hotel_id, s.placement_id, fd.day,
             CASE WHEN fd.day < (clock_timestamp() AT TIME ZONE s.tz)::date THEN 0 ELSE stayperks_counter_shard() END,
             n - o
        FROM (SELECT (s.scan_date AT TIME ZONE s.tz)::date AS day) fd
      ON CONFLICT (hotel_id, placement_id, day, shard) DO UPDATE SET redeemed = f.redeemed + excluded.redeemed;
    END IF;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint

-- A statement that takes counted coupons away or moves a scan to another hotel or day (never the app's own: bulk
-- repairs and tests) folds first. Those triggers un-count a coupon where the counters have it, which a change still
-- waiting here is not yet; and a change whose scan is deleted could no longer be placed.
CREATE OR REPLACE FUNCTION stayperks_fold_first() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stayperks_fold_coupon_changes();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER coupons_fold_first BEFORE DELETE OR UPDATE OF scan_id, merchant_id, offer_id, created_at ON coupons
  FOR EACH STATEMENT EXECUTE FUNCTION stayperks_fold_first();
--> statement-breakpoint
CREATE TRIGGER customer_scans_fold_first BEFORE DELETE OR UPDATE OF hotel_id, scan_date ON customer_scans
  FOR EACH STATEMENT EXECUTE FUNCTION stayperks_fold_first();
