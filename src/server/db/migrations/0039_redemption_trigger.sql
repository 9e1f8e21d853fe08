-- A coupon's update (a redemption, its undo, a bill, a correction by hand) keeps every rollup in step from ONE row
-- trigger (docs/DATA.md "Derived tables"): the hotel's day and total, the location's day, the merchant, the hotel and
-- merchant pair, the offer's month, the hotel's spend and the funnel's redeemed scans. It replaces the chain a
-- redemption fired before (coupons_rollup's update branch, coupons_offer_rollup_update, coupons_spend_update and
-- coupons_funnel_update, which captured every updated row in transition tables): one read of the scan, its hotel and
-- the business time zone, then one upsert per rollup, in the order the other writers bump them (hotel, location,
-- merchant, offer, funnel), so a redemption and a guest's submission wait for each other, never deadlock.
--
-- It runs BEFORE the row is written, for the funnel: a scan counts as redeemed once any of its coupons is (docs/DATA.md
-- "Funnel"), and a BEFORE row trigger sees the rows its statement already changed but not its own, so "another
-- redeemed coupon of this scan" is exact row by row even when one statement redeems or undoes several coupons of a
-- scan. The scan's funnel lock (stayperks_funnel_lock_bucket, as the insert and delete triggers take it) comes before
-- that read, so two redemptions of one scan's coupons at once count it once. A row the update then skips (its WHERE
-- no longer holds once a concurrent redemption committed) never reaches the trigger: PostgreSQL re-checks it first.
-- Inserts and deletes keep their triggers.
--
-- Its rows go to the connection's own shard (docs/DATA.md "Shards"): the first of the 16 that no other connection
-- holds, claimed once per connection with a session advisory lock (released when the connection ends) and kept in a
-- setting, rather than the backend pid modulo 16, where two of a pool's ten connections share a shard more often than
-- not and wait for each other's commit on every redemption of one merchant. Past 16 connections it falls back to the
-- pid. Readers sum over the shards, whichever wrote them.
CREATE OR REPLACE FUNCTION stayperks_session_shard() RETURNS smallint
LANGUAGE plpgsql AS $$
DECLARE
  held text := current_setting('stayperks.shard', true);
BEGIN
  IF held IS NOT NULL AND held <> '' THEN RETURN held::smallint; END IF;
  FOR slot IN 0..15 LOOP
    IF pg_try_advisory_lock(2028, slot) THEN
      PERFORM set_config('stayperks.shard', slot::text, false);
      RETURN slot;
    END IF;
  END LOOP;
  PERFORM set_config('stayperks.shard', stayperks_counter_shard()::text, false);
  RETURN stayperks_counter_shard();
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stayperks_coupons_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  s record;
  my_shard smallint := stayperks_session_shard();
  o integer := OLD.is_redeemed::int;
  n integer := NEW.is_redeemed::int;
  old_day date;
  new_day date;
  funnel_day date;
  d_funnel integer := 0;
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

  -- The common case: the same coupon redeemed, undone, re-dated or billed.
  SELECT cs.hotel_id, cs.placement_id, cs.scan_date, h.location_id,
         coalesce((SELECT value FROM app_settings WHERE key = 'business_time_zone'), 'Asia/Kolkata') AS tz
    INTO s FROM customer_scans cs JOIN hotels h ON h.id = cs.hotel_id WHERE cs.id = NEW.scan_id;
  old_day := (coalesce(OLD.redeemed_at, OLD.created_at) AT TIME ZONE s.tz)::date;
  new_day := (coalesce(NEW.redeemed_at, NEW.created_at) AT TIME ZONE s.tz)::date;

  IF o <> n OR (n = 1 AND old_day <> new_day) THEN
    -- A redemption counts on its business day (hotel and location) and in the totals.
    INSERT INTO hotel_daily_stats AS t (hotel_id, day, shard, redemptions)
    SELECT s.hotel_id, d.day, my_shard, sum(d.delta) FROM (VALUES (old_day, -o), (new_day, n)) d(day, delta)
    GROUP BY d.day HAVING sum(d.delta) <> 0
    ON CONFLICT (hotel_id, day, shard) DO UPDATE SET redemptions = t.redemptions + excluded.redemptions;
  END IF;
  IF o <> n OR coalesce(NEW.bill_amount, 0) <> coalesce(OLD.bill_amount, 0) THEN
    INSERT INTO hotel_stats AS t (hotel_id, shard, redemptions, spend)
    VALUES (s.hotel_id, my_shard, n - o, coalesce(NEW.bill_amount, 0) - coalesce(OLD.bill_amount, 0))
    ON CONFLICT (hotel_id, shard) DO UPDATE
      SET redemptions = t.redemptions + excluded.redemptions, spend = t.spend + excluded.spend;
  END IF;
  IF o <> n OR (n = 1 AND old_day <> new_day) THEN
    INSERT INTO location_daily_stats AS t (location_id, day, shard, redemptions)
    SELECT s.location_id, d.day, my_shard, sum(d.delta) FROM (VALUES (old_day, -o), (new_day, n)) d(day, delta)
    GROUP BY d.day HAVING sum(d.delta) <> 0
    ON CONFLICT (location_id, day, shard) DO UPDATE SET redemptions = t.redemptions + excluded.redemptions;
  END IF;
  IF o <> n THEN
    INSERT INTO merchant_stats AS t (merchant_id, shard, redemptions) VALUES (NEW.merchant_id, my_shard, n - o)
    ON CONFLICT (merchant_id, shard) DO UPDATE SET redemptions = t.redemptions + excluded.redemptions;
    INSERT INTO hotel_merchant_stats AS t (hotel_id, merchant_id, shard, redemptions)
    VALUES (s.hotel_id, NEW.merchant_id, my_shard, n - o)
    ON CONFLICT (hotel_id, merchant_id, shard) DO UPDATE SET redemptions = t.redemptions + excluded.redemptions;
  END IF;
  -- The offer's month of the redemption (or of the issue, for a bill without one): redeemed, bill total, bills.
  INSERT INTO offer_monthly_stats AS t (offer_id, month, shard, redeemed, bill_total, bills_entered)
  SELECT NEW.offer_id, d.month, my_shard, sum(d.redeemed), sum(d.bill), sum(d.bills)
    FROM (VALUES (date_trunc('month', old_day)::date, -o, -coalesce(OLD.bill_amount, 0), -(OLD.bill_amount IS NOT NULL)::int),
                 (date_trunc('month', new_day)::date, n, coalesce(NEW.bill_amount, 0), (NEW.bill_amount IS NOT NULL)::int)
         ) d(month, redeemed, bill, bills)
   GROUP BY d.month HAVING sum(d.redeemed) <> 0 OR sum(d.bill) <> 0 OR sum(d.bills) <> 0
  ON CONFLICT (offer_id, month, shard) DO UPDATE
    SET redeemed = t.redeemed + excluded.redeemed, bill_total = t.bill_total + excluded.bill_total,
        bills_entered = t.bills_entered + excluded.bills_entered;

  IF o <> n THEN
    PERFORM pg_advisory_xact_lock(2027, stayperks_funnel_lock_bucket(NEW.scan_id));
    IF NOT EXISTS (SELECT 1 FROM coupons WHERE scan_id = NEW.scan_id AND is_redeemed AND id <> NEW.id) THEN
      funnel_day := (s.scan_date AT TIME ZONE s.tz)::date;
      PERFORM stayperks_bump_funnel(s.hotel_id, s.placement_id, funnel_day, 0, 0, 0, n - o, 0, 0);
    END IF;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- The funnel's redeemed scans for one coupon joining (+1) or leaving (-1) a scan's redeemed ones, from a BEFORE row
-- trigger (stayperks_coupons_changed): the scan is counted when its first redeemed coupon comes, taken off when its
-- last goes.
CREATE OR REPLACE FUNCTION stayperks_funnel_coupon_redeemed(p_scan uuid, p_coupon uuid, delta integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  s record;
BEGIN
  PERFORM pg_advisory_xact_lock(2027, stayperks_funnel_lock_bucket(p_scan));
  IF EXISTS (SELECT 1 FROM coupons WHERE scan_id = p_scan AND is_redeemed AND id <> p_coupon) THEN RETURN; END IF;
  SELECT hotel_id, placement_id, stayperks_business_day(scan_date) AS day INTO s FROM customer_scans WHERE id = p_scan;
  IF FOUND THEN PERFORM stayperks_bump_funnel(s.hotel_id, s.placement_id, s.day, 0, 0, 0, delta, 0, 0); END IF;
END $$;
--> statement-breakpoint
-- One short transaction on a live system: the new trigger replaces the four old ones at once (each DROP waits only
-- for statements already running on coupons), so no redemption is counted twice or missed in between.
DROP TRIGGER IF EXISTS coupons_rollup ON coupons;
--> statement-breakpoint
DROP TRIGGER IF EXISTS coupons_offer_rollup_update ON coupons;
--> statement-breakpoint
DROP TRIGGER IF EXISTS coupons_spend_update ON coupons;
--> statement-breakpoint
DROP TRIGGER IF EXISTS coupons_funnel_update ON coupons;
--> statement-breakpoint
DROP TRIGGER IF EXISTS coupons_changed ON coupons;
--> statement-breakpoint
CREATE TRIGGER coupons_rollup AFTER DELETE ON coupons FOR EACH ROW EXECUTE FUNCTION stayperks_coupons_rollup();
--> statement-breakpoint
CREATE TRIGGER coupons_changed BEFORE UPDATE OF scan_id, merchant_id, offer_id, is_redeemed, redeemed_at, created_at, bill_amount
ON coupons FOR EACH ROW
WHEN (OLD.scan_id IS DISTINCT FROM NEW.scan_id OR OLD.merchant_id IS DISTINCT FROM NEW.merchant_id
  OR OLD.offer_id IS DISTINCT FROM NEW.offer_id OR OLD.is_redeemed IS DISTINCT FROM NEW.is_redeemed
  OR OLD.redeemed_at IS DISTINCT FROM NEW.redeemed_at OR OLD.created_at IS DISTINCT FROM NEW.created_at
  OR OLD.bill_amount IS DISTINCT FROM NEW.bill_amount)
EXECUTE FUNCTION stayperks_coupons_changed();
