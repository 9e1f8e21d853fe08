-- The funnel's redeemed scans folded too (README "Performance", round 14; docs/DATA.md "Folded counts"). A redemption's
-- row trigger still counted its scan in the funnel at once: a lock on the scan's bucket, a look at its other coupons,
-- the scan, the time zone and an upsert of its funnel row, each redemption. That was two thirds of the redemption's
-- UPDATE (50 codes of one merchant, scale 1: 16 to 23 ms with it, 6.4 ms without; scale 10: 30 to 34 ms, 14 to 15).
-- Now the redemption (and its undo) only writes its change row, and stayperks_fold_coupon_changes() counts the scans
-- whose coupons changed, in one statement, as it counts the other rollups.
--
-- What holds it exact: the funnel counts a scan as its coupons were at the last fold, that is, its redeemed coupons
-- now less the changes waiting for it (both read in one snapshot, and written together by each redemption). The
-- writers that count a scan at once (a voucher deleted, inserted redeemed or moved by hand; a scan moved) count it
-- that way too, under the folds' lock (2029) so that no fold runs between their look and their count; every reader
-- of the funnel's redeemed folds first (modules/funnel/funnel.stats.ts), as the other rollups' readers do.
--
-- Rolling upgrade: CREATE OR REPLACE FUNCTION only (the same arguments; no table locked, no row touched). A server of
-- the round before reads the funnel without folding: its redeemed figure lags by up to a fold interval.

-- A scan's redeemed coupons as the funnel has counted them: those redeemed now, less the changes not yet folded.
CREATE OR REPLACE FUNCTION stayperks_scan_redeemed_as_folded(p_scan uuid) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT (SELECT count(*)::int FROM coupons WHERE scan_id = p_scan AND is_redeemed)
       - (SELECT coalesce(sum(now_redeemed::int - was_redeemed::int), 0)::int FROM coupon_count_changes WHERE scan_id = p_scan)
$$;
--> statement-breakpoint

-- 0046's fold, with the funnel's redeemed scans counted from the coupons' changes, under the same lock.
CREATE OR REPLACE FUNCTION stayperks_fold_coupon_changes() RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  my_shard smallint := stayperks_session_shard();
  folded integer;
  folded_scans integer;
BEGIN
  PERFORM pg_advisory_xact_lock(2029, 0);
  WITH taken AS (
    DELETE FROM coupon_count_changes RETURNING *
  ), changes AS MATERIALIZED (
    SELECT t.merchant_id, t.offer_id, cs.hotel_id, h.location_id,
           t.was_redeemed::int AS o, t.now_redeemed::int AS n,
           (t.old_at AT TIME ZONE z.tz)::date AS old_day, (t.new_at AT TIME ZONE z.tz)::date AS new_day,
           t.old_bill, t.new_bill,
           t.scan_id, cs.placement_id, (cs.scan_date AT TIME ZONE z.tz)::date AS scan_day,
           (clock_timestamp() AT TIME ZONE z.tz)::date AS today
      FROM taken t
      JOIN customer_scans cs ON cs.id = t.scan_id
      JOIN hotels h ON h.id = cs.hotel_id
      CROSS JOIN (SELECT coalesce((SELECT value FROM app_settings WHERE key = 'business_time_zone'), 'Asia/Kolkata') AS tz) z
  ), funnel AS (
    -- A scan counts in the funnel's redeemed once any of its coupons is: it was counted as its coupons were before
    -- these changes (their sum per scan taken off what they are now, in this statement's snapshot, which holds both).
    -- A past day's row is shard 0, as stayperks_bump_funnel writes it.
    INSERT INTO funnel_daily_stats AS t (hotel_id, placement_id, day, shard, redeemed)
    SELECT q.hotel_id, q.placement_id, q.scan_day, CASE WHEN q.scan_day < q.today THEN 0 ELSE my_shard END,
           sum((r.now > 0)::int - (r.now - q.d > 0)::int)
      FROM (SELECT scan_id, hotel_id, placement_id, scan_day, today, sum(n - o) AS d FROM changes
             GROUP BY scan_id, hotel_id, placement_id, scan_day, today HAVING sum(n - o) <> 0) q
      CROSS JOIN LATERAL (SELECT count(*)::int AS now FROM coupons c WHERE c.scan_id = q.scan_id AND c.is_redeemed) r
     GROUP BY q.hotel_id, q.placement_id, q.scan_day, q.today
    HAVING sum((r.now > 0)::int - (r.now - q.d > 0)::int) <> 0
     ORDER BY 1, 2, 3
    ON CONFLICT (hotel_id, placement_id, day, shard) DO UPDATE SET redeemed = t.redeemed + excluded.redeemed
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

  -- New scans and their vouchers, as the insert triggers count them: the scan and its vouchers on the scan's day in
  -- its hotel and town, the vouchers in their merchants' totals and their offers' months.
  WITH taken AS (
    DELETE FROM scan_count_changes RETURNING scan_id
  ), scans AS MATERIALIZED (
    SELECT s.id, s.hotel_id, h.location_id, (s.scan_date AT TIME ZONE z.tz)::date AS day,
           (SELECT count(*) FROM coupons c WHERE c.scan_id = s.id)::int AS coupons
      FROM taken t
      JOIN customer_scans s ON s.id = t.scan_id
      JOIN hotels h ON h.id = s.hotel_id
      CROSS JOIN (SELECT coalesce((SELECT value FROM app_settings WHERE key = 'business_time_zone'), 'Asia/Kolkata') AS tz) z
  ), issued AS MATERIALIZED (
    SELECT c.offer_id, c.merchant_id, date_trunc('month', s.day)::date AS month
      FROM scans s JOIN coupons c ON c.scan_id = s.id
  ), offer_month AS (
    INSERT INTO offer_monthly_stats AS t (offer_id, month, shard, issued)
    SELECT offer_id, month, my_shard, count(*)::int FROM issued GROUP BY offer_id, month ORDER BY 1, 2
    ON CONFLICT (offer_id, month, shard) DO UPDATE SET issued = t.issued + excluded.issued
  ), merchant_total AS (
    INSERT INTO merchant_stats AS t (merchant_id, shard, coupons)
    SELECT merchant_id, my_shard, count(*)::int FROM issued GROUP BY merchant_id ORDER BY 1
    ON CONFLICT (merchant_id, shard) DO UPDATE SET coupons = t.coupons + excluded.coupons
  ), location_day AS (
    INSERT INTO location_daily_stats AS t (location_id, day, shard, scans, coupons)
    SELECT location_id, day, my_shard, count(*)::int, sum(coupons)::int FROM scans GROUP BY location_id, day ORDER BY 1, 2
    ON CONFLICT (location_id, day, shard) DO UPDATE SET scans = t.scans + excluded.scans, coupons = t.coupons + excluded.coupons
  ), hotel_total AS (
    INSERT INTO hotel_stats AS t (hotel_id, shard, scans, coupons)
    SELECT hotel_id, my_shard, count(*)::int, sum(coupons)::int FROM scans GROUP BY hotel_id ORDER BY 1
    ON CONFLICT (hotel_id, shard) DO UPDATE SET scans = t.scans + excluded.scans, coupons = t.coupons + excluded.coupons
  ), hotel_day AS (
    INSERT INTO hotel_daily_stats AS t (hotel_id, day, shard, scans, coupons)
    SELECT hotel_id, day, my_shard, count(*)::int, sum(coupons)::int FROM scans GROUP BY hotel_id, day ORDER BY 1, 2
    ON CONFLICT (hotel_id, day, shard) DO UPDATE SET scans = t.scans + excluded.scans, coupons = t.coupons + excluded.coupons
  )
  SELECT count(*) INTO folded_scans FROM scans;
  RETURN folded + folded_scans;
END $$;
--> statement-breakpoint

-- 0045's trigger without the funnel's part: the scan is counted when folded.
CREATE OR REPLACE FUNCTION stayperks_coupons_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
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

  -- The common case: the same coupon redeemed, undone, re-dated or billed, counted when folded (the funnel too).
  INSERT INTO coupon_count_changes (scan_id, merchant_id, offer_id, was_redeemed, now_redeemed, old_at, new_at,
                                    old_bill, new_bill)
  VALUES (NEW.scan_id, NEW.merchant_id, NEW.offer_id, OLD.is_redeemed, NEW.is_redeemed,
          coalesce(OLD.redeemed_at, OLD.created_at), coalesce(NEW.redeemed_at, NEW.created_at),
          OLD.bill_amount, NEW.bill_amount);

  RETURN NEW;
END $$;
--> statement-breakpoint

-- 0042's funnel part for a coupon moved by hand (after its statement folded first): its scan counted as folded, under
-- the folds' lock.
CREATE OR REPLACE FUNCTION stayperks_funnel_coupon_redeemed(p_scan uuid, p_coupon uuid, delta integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  s record;
BEGIN
  PERFORM pg_advisory_xact_lock(2029, 0);
  -- Its other redeemed coupons as folded: the scan stays counted (or uncounted) with them.
  IF stayperks_scan_redeemed_as_folded(p_scan)
     - (SELECT count(*)::int FROM coupons WHERE id = p_coupon AND scan_id = p_scan AND is_redeemed) > 0 THEN
    RETURN;
  END IF;
  SELECT hotel_id, placement_id, stayperks_business_day(scan_date) AS day INTO s FROM customer_scans WHERE id = p_scan;
  IF FOUND THEN PERFORM stayperks_bump_funnel(s.hotel_id, s.placement_id, s.day, 0, 0, 0, delta, 0, 0); END IF;
END $$;
--> statement-breakpoint

-- 0020's count for vouchers inserted redeemed or deleted: the scan counted as folded, under the folds' lock.
CREATE OR REPLACE FUNCTION stayperks_funnel_scan_redeemed(p_scan uuid, delta integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  s record;
  now_redeemed integer;
BEGIN
  PERFORM pg_advisory_xact_lock(2029, 0);
  SELECT hotel_id, placement_id, stayperks_business_day(scan_date) AS day INTO s FROM customer_scans WHERE id = p_scan;
  IF NOT FOUND THEN RETURN; END IF;
  now_redeemed := stayperks_scan_redeemed_as_folded(p_scan);
  IF (now_redeemed > 0) <> (now_redeemed - delta > 0) THEN
    PERFORM stayperks_bump_funnel(s.hotel_id, s.placement_id, s.day, 0, 0, 0, CASE WHEN now_redeemed > 0 THEN 1 ELSE -1 END, 0, 0);
  END IF;
END $$;
--> statement-breakpoint

-- 0047's funnel part of a scan moved or deleted: its redeemed counted as folded, under the folds' lock.
CREATE OR REPLACE FUNCTION stayperks_funnel_scans_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  was_redeemed integer;
BEGIN
  IF TG_OP = 'INSERT' AND current_setting('stayperks.rollups_by_caller', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.hotel_id = OLD.hotel_id AND NEW.placement_id IS NOT DISTINCT FROM OLD.placement_id
     AND stayperks_business_day(NEW.scan_date) = stayperks_business_day(OLD.scan_date) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_advisory_xact_lock(2029, 0);
    was_redeemed := (stayperks_scan_redeemed_as_folded(OLD.id) > 0)::int;
    PERFORM stayperks_bump_funnel(OLD.hotel_id, OLD.placement_id, stayperks_business_day(OLD.scan_date), 0, 0, -1, -was_redeemed, 0, 0);
  END IF;
  IF TG_OP = 'UPDATE' THEN
    PERFORM stayperks_bump_funnel(NEW.hotel_id, NEW.placement_id, stayperks_business_day(NEW.scan_date), 0, 0, 1, was_redeemed, 0, 0);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM stayperks_bump_funnel(NEW.hotel_id, NEW.placement_id, stayperks_business_day(NEW.scan_date), 0, 0, 1, 0, 0, 0);
  END IF;
  RETURN NULL;
END $$;
