-- Keeps the derived tables (schema/derived.ts) in step with the base tables, in the same transaction as each write.
-- Plain SQL writes are covered too; bulk loads may disable these triggers and run `npm run db:rebuild-derived`.

-- The business day of an instant, in the time zone the server stores at start (APP_TIMEZONE).
CREATE OR REPLACE FUNCTION stayperks_business_day(ts timestamptz) RETURNS date
LANGUAGE sql STABLE AS $$
  SELECT (ts AT TIME ZONE coalesce((SELECT value FROM app_settings WHERE key = 'business_time_zone'), 'Asia/Kolkata'))::date
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stayperks_bump_hotel(p_hotel uuid, p_day date, d_scans integer, d_coupons integer, d_redemptions integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO hotel_daily_stats AS s (hotel_id, day, scans, coupons, redemptions)
  VALUES (p_hotel, p_day, d_scans, d_coupons, d_redemptions)
  ON CONFLICT (hotel_id, day) DO UPDATE
    SET scans = s.scans + excluded.scans, coupons = s.coupons + excluded.coupons, redemptions = s.redemptions + excluded.redemptions;
  INSERT INTO hotel_stats AS s (hotel_id, scans, coupons, redemptions)
  VALUES (p_hotel, d_scans, d_coupons, d_redemptions)
  ON CONFLICT (hotel_id) DO UPDATE
    SET scans = s.scans + excluded.scans, coupons = s.coupons + excluded.coupons, redemptions = s.redemptions + excluded.redemptions;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stayperks_bump_merchant(p_merchant uuid, d_coupons integer, d_redemptions integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO merchant_stats AS s (merchant_id, coupons, redemptions)
  VALUES (p_merchant, d_coupons, d_redemptions)
  ON CONFLICT (merchant_id) DO UPDATE
    SET coupons = s.coupons + excluded.coupons, redemptions = s.redemptions + excluded.redemptions;
END $$;
--> statement-breakpoint
-- One coupon's contribution (sign +1 or -1): issued on its scan's day, redeemed on the day of redemption.
CREATE OR REPLACE FUNCTION stayperks_count_coupon(c coupons, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  scan_hotel uuid;
  scan_day date;
BEGIN
  SELECT hotel_id, stayperks_business_day(scan_date) INTO scan_hotel, scan_day FROM customer_scans WHERE id = c.scan_id;
  IF scan_hotel IS NULL THEN RETURN; END IF;
  PERFORM stayperks_bump_hotel(scan_hotel, scan_day, 0, sign, 0);
  IF c.is_redeemed THEN
    PERFORM stayperks_bump_hotel(scan_hotel, stayperks_business_day(coalesce(c.redeemed_at, c.created_at)), 0, 0, sign);
  END IF;
  PERFORM stayperks_bump_merchant(c.merchant_id, sign, CASE WHEN c.is_redeemed THEN sign ELSE 0 END);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stayperks_coupons_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  scan_hotel uuid;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.scan_id = OLD.scan_id AND NEW.merchant_id = OLD.merchant_id THEN
    -- The common case, a redemption (or its undo): only the redemption counts move.
    IF NEW.is_redeemed = OLD.is_redeemed AND NOT NEW.is_redeemed THEN RETURN NULL; END IF;
    IF NEW.is_redeemed = OLD.is_redeemed
       AND coalesce(NEW.redeemed_at, NEW.created_at) = coalesce(OLD.redeemed_at, OLD.created_at) THEN RETURN NULL; END IF;
    SELECT hotel_id INTO scan_hotel FROM customer_scans WHERE id = NEW.scan_id;
    IF OLD.is_redeemed THEN
      PERFORM stayperks_bump_hotel(scan_hotel, stayperks_business_day(coalesce(OLD.redeemed_at, OLD.created_at)), 0, 0, -1);
      PERFORM stayperks_bump_merchant(OLD.merchant_id, 0, -1);
    END IF;
    IF NEW.is_redeemed THEN
      PERFORM stayperks_bump_hotel(scan_hotel, stayperks_business_day(coalesce(NEW.redeemed_at, NEW.created_at)), 0, 0, 1);
      PERFORM stayperks_bump_merchant(NEW.merchant_id, 0, 1);
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM stayperks_count_coupon(OLD, -1); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM stayperks_count_coupon(NEW, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER coupons_rollup AFTER INSERT OR DELETE OR UPDATE OF scan_id, merchant_id, is_redeemed, redeemed_at, created_at
ON coupons FOR EACH ROW EXECUTE FUNCTION stayperks_coupons_rollup();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stayperks_scans_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  c coupons;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.hotel_id = OLD.hotel_id
     AND stayperks_business_day(NEW.scan_date) = stayperks_business_day(OLD.scan_date) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM stayperks_bump_hotel(OLD.hotel_id, stayperks_business_day(OLD.scan_date), -1, 0, 0);
  END IF;
  IF TG_OP = 'UPDATE' THEN
    -- A scan moved (never done by the app, possible by hand): its coupons move with it.
    FOR c IN SELECT * FROM coupons WHERE scan_id = NEW.id LOOP
      PERFORM stayperks_bump_hotel(OLD.hotel_id, stayperks_business_day(OLD.scan_date), 0, -1, 0);
      PERFORM stayperks_bump_hotel(NEW.hotel_id, stayperks_business_day(NEW.scan_date), 0, 1, 0);
      IF c.is_redeemed THEN
        PERFORM stayperks_bump_hotel(OLD.hotel_id, stayperks_business_day(coalesce(c.redeemed_at, c.created_at)), 0, 0, -1);
        PERFORM stayperks_bump_hotel(NEW.hotel_id, stayperks_business_day(coalesce(c.redeemed_at, c.created_at)), 0, 0, 1);
      END IF;
    END LOOP;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM stayperks_bump_hotel(NEW.hotel_id, stayperks_business_day(NEW.scan_date), 1, 0, 0);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customer_scans_rollup AFTER INSERT OR DELETE OR UPDATE OF hotel_id, scan_date
ON customer_scans FOR EACH ROW EXECUTE FUNCTION stayperks_scans_rollup();
--> statement-breakpoint
INSERT INTO catalogue_version (id, version) VALUES (1, 1) ON CONFLICT (id) DO NOTHING;
--> statement-breakpoint
-- Anything a guest's offer list shows changed: one bump per statement, visible when the change commits.
CREATE OR REPLACE FUNCTION stayperks_bump_catalogue() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER offers_catalogue AFTER INSERT OR UPDATE OR DELETE ON offers FOR EACH STATEMENT EXECUTE FUNCTION stayperks_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER merchants_catalogue AFTER INSERT OR UPDATE OR DELETE ON merchants FOR EACH STATEMENT EXECUTE FUNCTION stayperks_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER merchant_types_catalogue AFTER INSERT OR UPDATE OR DELETE ON merchant_types FOR EACH STATEMENT EXECUTE FUNCTION stayperks_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER hotels_catalogue AFTER INSERT OR UPDATE OR DELETE ON hotels FOR EACH STATEMENT EXECUTE FUNCTION stayperks_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER locations_catalogue AFTER INSERT OR UPDATE OR DELETE ON locations FOR EACH STATEMENT EXECUTE FUNCTION stayperks_bump_catalogue();
--> statement-breakpoint
-- Whatever the base tables already hold (an existing installation) is counted once now.
INSERT INTO hotel_daily_stats (hotel_id, day, scans, coupons, redemptions)
SELECT hotel_id, day, sum(scans), sum(coupons), sum(redemptions) FROM (
  SELECT hotel_id, stayperks_business_day(scan_date) AS day, count(*) AS scans, 0 AS coupons, 0 AS redemptions
    FROM customer_scans GROUP BY 1, 2
  UNION ALL
  SELECT s.hotel_id, stayperks_business_day(s.scan_date), 0, count(*), 0
    FROM coupons c JOIN customer_scans s ON s.id = c.scan_id GROUP BY 1, 2
  UNION ALL
  SELECT s.hotel_id, stayperks_business_day(coalesce(c.redeemed_at, c.created_at)), 0, 0, count(*)
    FROM coupons c JOIN customer_scans s ON s.id = c.scan_id WHERE c.is_redeemed GROUP BY 1, 2
) x GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO hotel_stats (hotel_id, scans, coupons, redemptions)
SELECT hotel_id, sum(scans), sum(coupons), sum(redemptions) FROM hotel_daily_stats GROUP BY hotel_id;
--> statement-breakpoint
INSERT INTO merchant_stats (merchant_id, coupons, redemptions)
SELECT merchant_id, count(*), count(*) FILTER (WHERE is_redeemed) FROM coupons GROUP BY merchant_id;
