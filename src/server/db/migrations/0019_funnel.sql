CREATE TABLE "funnel_day_keys" (
	"day" date PRIMARY KEY NOT NULL,
	"key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funnel_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"hotel_id" uuid NOT NULL,
	"placement_id" uuid,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "funnel_events_kind_check" CHECK ("funnel_events"."kind" in ('page_open', 'details_entered', 'review_tap', 'share'))
);
--> statement-breakpoint
CREATE TABLE "funnel_tab_calls" (
	"day" date NOT NULL,
	"hash" text NOT NULL,
	"calls" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "funnel_tab_calls_day_hash_pk" PRIMARY KEY("day","hash")
);
--> statement-breakpoint
CREATE TABLE "funnel_daily_stats" (
	"hotel_id" uuid NOT NULL,
	"placement_id" uuid,
	"day" date NOT NULL,
	"opens" integer DEFAULT 0 NOT NULL,
	"details" integer DEFAULT 0 NOT NULL,
	"issued" integer DEFAULT 0 NOT NULL,
	"redeemed" integer DEFAULT 0 NOT NULL,
	"review_taps" integer DEFAULT 0 NOT NULL,
	"shares" integer DEFAULT 0 NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "funnel_daily_stats_key" UNIQUE NULLS NOT DISTINCT("hotel_id","placement_id","day","shard")
);
--> statement-breakpoint
ALTER TABLE "funnel_events" ADD CONSTRAINT "funnel_events_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnel_events" ADD CONSTRAINT "funnel_events_placement_id_placements_id_fk" FOREIGN KEY ("placement_id") REFERENCES "public"."placements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnel_tab_calls" ADD CONSTRAINT "funnel_tab_calls_day_funnel_day_keys_day_fk" FOREIGN KEY ("day") REFERENCES "public"."funnel_day_keys"("day") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnel_daily_stats" ADD CONSTRAINT "funnel_daily_stats_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "funnel_events_hotel_day_idx" ON "funnel_events" USING btree ("hotel_id","day");--> statement-breakpoint
CREATE INDEX "funnel_daily_stats_day_idx" ON "funnel_daily_stats" USING btree ("day","hotel_id");--> statement-breakpoint
-- The funnel's counters (derived-tables.ts funnelDailyStats, docs/DATA.md "Funnel"), kept in the transaction of each
-- event, scan and redemption; one row per hotel, card, business day and shard (stayperks_counter_shard, 0009).
CREATE OR REPLACE FUNCTION stayperks_bump_funnel(p_hotel uuid, p_placement uuid, p_day date, d_opens integer,
  d_details integer, d_issued integer, d_redeemed integer, d_review_taps integer, d_shares integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO funnel_daily_stats AS s (hotel_id, placement_id, day, shard, opens, details, issued, redeemed, review_taps, shares)
  VALUES (p_hotel, p_placement, p_day, stayperks_counter_shard(), d_opens, d_details, d_issued, d_redeemed, d_review_taps, d_shares)
  ON CONFLICT (hotel_id, placement_id, day, shard) DO UPDATE
    SET opens = s.opens + excluded.opens, details = s.details + excluded.details, issued = s.issued + excluded.issued,
        redeemed = s.redeemed + excluded.redeemed, review_taps = s.review_taps + excluded.review_taps,
        shares = s.shares + excluded.shares;
END $$;
--> statement-breakpoint
-- funnel_events is append-only: an event counts once, when inserted.
CREATE OR REPLACE FUNCTION stayperks_funnel_event_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stayperks_bump_funnel(NEW.hotel_id, NEW.placement_id, NEW.day,
    (NEW.kind = 'page_open')::int, (NEW.kind = 'details_entered')::int, 0, 0,
    (NEW.kind = 'review_tap')::int, (NEW.kind = 'share')::int);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER funnel_events_rollup AFTER INSERT ON funnel_events FOR EACH ROW EXECUTE FUNCTION stayperks_funnel_event_inserted();
--> statement-breakpoint
-- A scan is a voucher issue on its own day and card; moved (by hand), it takes its "redeemed" with it.
CREATE OR REPLACE FUNCTION stayperks_funnel_scans_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  was_redeemed integer;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.hotel_id = OLD.hotel_id AND NEW.placement_id IS NOT DISTINCT FROM OLD.placement_id
     AND stayperks_business_day(NEW.scan_date) = stayperks_business_day(OLD.scan_date) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    was_redeemed := (EXISTS (SELECT 1 FROM coupons WHERE scan_id = OLD.id AND is_redeemed))::int;
    PERFORM stayperks_bump_funnel(OLD.hotel_id, OLD.placement_id, stayperks_business_day(OLD.scan_date), 0, 0, -1, -was_redeemed, 0, 0);
  END IF;
  IF TG_OP = 'UPDATE' THEN
    PERFORM stayperks_bump_funnel(NEW.hotel_id, NEW.placement_id, stayperks_business_day(NEW.scan_date), 0, 0, 1, was_redeemed, 0, 0);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM stayperks_bump_funnel(NEW.hotel_id, NEW.placement_id, stayperks_business_day(NEW.scan_date), 0, 0, 1, 0, 0, 0);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customer_scans_funnel AFTER INSERT OR DELETE OR UPDATE OF hotel_id, placement_id, scan_date
ON customer_scans FOR EACH ROW EXECUTE FUNCTION stayperks_funnel_scans_rollup();
--> statement-breakpoint
-- A statement's coupon changes moved scan `p_scan`'s redeemed vouchers by `delta`: when that takes the scan from none
-- redeemed to some (or back), its day's "redeemed" moves by one. A transaction-scoped advisory lock per scan orders
-- concurrent redemptions of one guest's vouchers: the second counts after the first commits (READ COMMITTED: its
-- count sees the first's row), so the scan is counted once. No row lock, so it cannot deadlock with a writer
-- holding the scan's row (an erasure).
CREATE OR REPLACE FUNCTION stayperks_funnel_scan_redeemed(p_scan uuid, delta integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  s record;
  now_redeemed integer;
BEGIN
  PERFORM pg_advisory_xact_lock(2027, hashtext(p_scan::text));
  SELECT hotel_id, placement_id, stayperks_business_day(scan_date) AS day INTO s FROM customer_scans WHERE id = p_scan;
  IF NOT FOUND THEN RETURN; END IF;
  SELECT count(*)::int INTO now_redeemed FROM coupons WHERE scan_id = p_scan AND is_redeemed;
  IF (now_redeemed > 0) <> (now_redeemed - delta > 0) THEN
    PERFORM stayperks_bump_funnel(s.hotel_id, s.placement_id, s.day, 0, 0, 0, CASE WHEN now_redeemed > 0 THEN 1 ELSE -1 END, 0, 0);
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stayperks_funnel_coupons_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR r IN SELECT scan_id, count(*)::int AS d FROM new_rows WHERE is_redeemed GROUP BY 1 ORDER BY 1 LOOP
      PERFORM stayperks_funnel_scan_redeemed(r.scan_id, r.d);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR r IN SELECT scan_id, -count(*)::int AS d FROM old_rows WHERE is_redeemed GROUP BY 1 ORDER BY 1 LOOP
      PERFORM stayperks_funnel_scan_redeemed(r.scan_id, r.d);
    END LOOP;
  ELSE
    FOR r IN SELECT scan_id, sum(d)::int AS d FROM (
               SELECT scan_id, 1 AS d FROM new_rows WHERE is_redeemed
               UNION ALL SELECT scan_id, -1 FROM old_rows WHERE is_redeemed
             ) x GROUP BY 1 HAVING sum(d) <> 0 ORDER BY 1 LOOP
      PERFORM stayperks_funnel_scan_redeemed(r.scan_id, r.d);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER coupons_funnel_insert AFTER INSERT ON coupons
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stayperks_funnel_coupons_changed();
--> statement-breakpoint
CREATE TRIGGER coupons_funnel_update AFTER UPDATE ON coupons
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stayperks_funnel_coupons_changed();
--> statement-breakpoint
CREATE TRIGGER coupons_funnel_delete AFTER DELETE ON coupons
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stayperks_funnel_coupons_changed();
--> statement-breakpoint
-- What an existing installation already holds is counted once now (shard 0).
INSERT INTO funnel_daily_stats (hotel_id, placement_id, day, issued, redeemed)
SELECT s.hotel_id, s.placement_id, stayperks_business_day(s.scan_date), count(*),
  count(*) FILTER (WHERE EXISTS (SELECT 1 FROM coupons c WHERE c.scan_id = s.id AND c.is_redeemed))
FROM customer_scans s GROUP BY 1, 2, 3;
