-- Counter shards (schema/derived.ts): each derived counter is spread over up to 16 rows, chosen by the writing
-- connection's backend pid, so concurrent redemptions and scans of one merchant, hotel or location do not queue on
-- one row lock until commit. Existing counts stay in shard 0; readers sum over the shards.
ALTER TABLE "hotel_daily_stats" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "hotel_stats" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "location_daily_stats" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_stats" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "hotel_daily_stats" DROP CONSTRAINT "hotel_daily_stats_hotel_id_day_pk";--> statement-breakpoint
ALTER TABLE "location_daily_stats" DROP CONSTRAINT "location_daily_stats_location_id_day_pk";--> statement-breakpoint
ALTER TABLE "hotel_stats" DROP CONSTRAINT "hotel_stats_pkey";--> statement-breakpoint
ALTER TABLE "merchant_stats" DROP CONSTRAINT "merchant_stats_pkey";--> statement-breakpoint
ALTER TABLE "hotel_daily_stats" ADD CONSTRAINT "hotel_daily_stats_hotel_id_day_shard_pk" PRIMARY KEY("hotel_id","day","shard");--> statement-breakpoint
ALTER TABLE "hotel_stats" ADD CONSTRAINT "hotel_stats_hotel_id_shard_pk" PRIMARY KEY("hotel_id","shard");--> statement-breakpoint
ALTER TABLE "location_daily_stats" ADD CONSTRAINT "location_daily_stats_location_id_day_shard_pk" PRIMARY KEY("location_id","day","shard");--> statement-breakpoint
ALTER TABLE "merchant_stats" ADD CONSTRAINT "merchant_stats_merchant_id_shard_pk" PRIMARY KEY("merchant_id","shard");--> statement-breakpoint
CREATE OR REPLACE FUNCTION stayperks_counter_shard() RETURNS smallint
LANGUAGE sql STABLE AS $$ SELECT (pg_backend_pid() % 16)::smallint $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stayperks_bump_location(p_location integer, p_day date, d_scans integer, d_coupons integer, d_redemptions integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO location_daily_stats AS s (location_id, day, shard, scans, coupons, redemptions)
  VALUES (p_location, p_day, stayperks_counter_shard(), d_scans, d_coupons, d_redemptions)
  ON CONFLICT (location_id, day, shard) DO UPDATE
    SET scans = s.scans + excluded.scans, coupons = s.coupons + excluded.coupons, redemptions = s.redemptions + excluded.redemptions;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stayperks_bump_hotel(p_hotel uuid, p_day date, d_scans integer, d_coupons integer, d_redemptions integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO hotel_daily_stats AS s (hotel_id, day, shard, scans, coupons, redemptions)
  VALUES (p_hotel, p_day, stayperks_counter_shard(), d_scans, d_coupons, d_redemptions)
  ON CONFLICT (hotel_id, day, shard) DO UPDATE
    SET scans = s.scans + excluded.scans, coupons = s.coupons + excluded.coupons, redemptions = s.redemptions + excluded.redemptions;
  INSERT INTO hotel_stats AS s (hotel_id, shard, scans, coupons, redemptions)
  VALUES (p_hotel, stayperks_counter_shard(), d_scans, d_coupons, d_redemptions)
  ON CONFLICT (hotel_id, shard) DO UPDATE
    SET scans = s.scans + excluded.scans, coupons = s.coupons + excluded.coupons, redemptions = s.redemptions + excluded.redemptions;
  PERFORM stayperks_bump_location((SELECT location_id FROM hotels WHERE id = p_hotel), p_day, d_scans, d_coupons, d_redemptions);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stayperks_bump_merchant(p_merchant uuid, d_coupons integer, d_redemptions integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO merchant_stats AS s (merchant_id, shard, coupons, redemptions)
  VALUES (p_merchant, stayperks_counter_shard(), d_coupons, d_redemptions)
  ON CONFLICT (merchant_id, shard) DO UPDATE
    SET coupons = s.coupons + excluded.coupons, redemptions = s.redemptions + excluded.redemptions;
END $$;
--> statement-breakpoint
-- A hotel moved to another location takes its counted days with it (one bump per day, whatever its shards).
CREATE OR REPLACE FUNCTION stayperks_hotels_move_location() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  d record;
BEGIN
  FOR d IN SELECT day, sum(scans)::int AS scans, sum(coupons)::int AS coupons, sum(redemptions)::int AS redemptions
           FROM hotel_daily_stats WHERE hotel_id = NEW.id GROUP BY day LOOP
    PERFORM stayperks_bump_location(OLD.location_id, d.day, -d.scans, -d.coupons, -d.redemptions);
    PERFORM stayperks_bump_location(NEW.location_id, d.day, d.scans, d.coupons, d.redemptions);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Coupons inserted by one statement (a guest's 1 to 3 vouchers) are counted once per hotel-day and merchant instead
-- of once per row; updates and deletes stay per row (stayperks_coupons_rollup).
CREATE OR REPLACE FUNCTION stayperks_coupons_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT s.hotel_id, stayperks_business_day(s.scan_date) AS day, count(*)::int AS n
           FROM inserted c JOIN customer_scans s ON s.id = c.scan_id GROUP BY 1, 2 ORDER BY 1, 2 LOOP
    PERFORM stayperks_bump_hotel(r.hotel_id, r.day, 0, r.n, 0);
  END LOOP;
  FOR r IN SELECT s.hotel_id, stayperks_business_day(coalesce(c.redeemed_at, c.created_at)) AS day, count(*)::int AS n
           FROM inserted c JOIN customer_scans s ON s.id = c.scan_id WHERE c.is_redeemed GROUP BY 1, 2 ORDER BY 1, 2 LOOP
    PERFORM stayperks_bump_hotel(r.hotel_id, r.day, 0, 0, r.n);
  END LOOP;
  FOR r IN SELECT c.merchant_id, count(*)::int AS n, (count(*) FILTER (WHERE c.is_redeemed))::int AS redeemed
           FROM inserted c WHERE EXISTS (SELECT 1 FROM customer_scans s WHERE s.id = c.scan_id)
           GROUP BY 1 ORDER BY 1 LOOP
    PERFORM stayperks_bump_merchant(r.merchant_id, r.n, r.redeemed);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER coupons_rollup ON coupons;--> statement-breakpoint
CREATE TRIGGER coupons_rollup AFTER DELETE OR UPDATE OF scan_id, merchant_id, is_redeemed, redeemed_at, created_at
ON coupons FOR EACH ROW EXECUTE FUNCTION stayperks_coupons_rollup();--> statement-breakpoint
CREATE TRIGGER coupons_rollup_insert AFTER INSERT ON coupons
REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION stayperks_coupons_inserted();--> statement-breakpoint
-- Renewal tracking asks, per period, whether the hotel has a later one.
CREATE INDEX IF NOT EXISTS "subscription_periods_hotel_from_idx" ON "subscription_periods" USING btree ("hotel_id","from_date");
