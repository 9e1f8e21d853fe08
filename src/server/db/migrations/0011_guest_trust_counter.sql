CREATE TABLE "hotel_merchant_stats" (
	"hotel_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"redemptions" integer DEFAULT 0 NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "hotel_merchant_stats_hotel_id_merchant_id_shard_pk" PRIMARY KEY("hotel_id","merchant_id","shard")
);
--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "bill_amount" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_scans" ADD COLUMN "consent_version" text;--> statement-breakpoint
ALTER TABLE "customer_scans" ADD COLUMN "consented_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_scans" ADD COLUMN "marketing_opt_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_scans" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "hotel_stats" ADD COLUMN "spend" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "hotel_merchant_stats" ADD CONSTRAINT "hotel_merchant_stats_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_merchant_stats" ADD CONSTRAINT "hotel_merchant_stats_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_scans_retention_idx" ON "customer_scans" USING btree ("checkout_date") WHERE "customer_scans"."anonymised_at" is null;--> statement-breakpoint
-- Redemptions per hotel and merchant, and guest spend per hotel (docs/DATA.md), kept like the other counters.
CREATE OR REPLACE FUNCTION stayperks_bump_hotel_merchant(p_hotel uuid, p_merchant uuid, d_redemptions integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_hotel IS NULL OR d_redemptions = 0 THEN RETURN; END IF;
  INSERT INTO hotel_merchant_stats AS s (hotel_id, merchant_id, shard, redemptions)
  VALUES (p_hotel, p_merchant, stayperks_counter_shard(), d_redemptions)
  ON CONFLICT (hotel_id, merchant_id, shard) DO UPDATE SET redemptions = s.redemptions + excluded.redemptions;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stayperks_bump_spend(p_hotel uuid, d_spend numeric)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_hotel IS NULL OR coalesce(d_spend, 0) = 0 THEN RETURN; END IF;
  INSERT INTO hotel_stats AS s (hotel_id, shard, spend)
  VALUES (p_hotel, stayperks_counter_shard(), d_spend)
  ON CONFLICT (hotel_id, shard) DO UPDATE SET spend = s.spend + excluded.spend;
END $$;
--> statement-breakpoint
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
    PERFORM stayperks_bump_hotel_merchant(scan_hotel, c.merchant_id, sign);
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
      PERFORM stayperks_bump_hotel_merchant(scan_hotel, OLD.merchant_id, -1);
    END IF;
    IF NEW.is_redeemed THEN
      PERFORM stayperks_bump_hotel(scan_hotel, stayperks_business_day(coalesce(NEW.redeemed_at, NEW.created_at)), 0, 0, 1);
      PERFORM stayperks_bump_merchant(NEW.merchant_id, 0, 1);
      PERFORM stayperks_bump_hotel_merchant(scan_hotel, NEW.merchant_id, 1);
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM stayperks_count_coupon(OLD, -1); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM stayperks_count_coupon(NEW, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
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
  FOR r IN SELECT s.hotel_id, c.merchant_id, count(*)::int AS n
           FROM inserted c JOIN customer_scans s ON s.id = c.scan_id WHERE c.is_redeemed GROUP BY 1, 2 ORDER BY 1, 2 LOOP
    PERFORM stayperks_bump_hotel_merchant(r.hotel_id, r.merchant_id, r.n);
  END LOOP;
  FOR r IN SELECT c.merchant_id, count(*)::int AS n, (count(*) FILTER (WHERE c.is_redeemed))::int AS redeemed
           FROM inserted c WHERE EXISTS (SELECT 1 FROM customer_scans s WHERE s.id = c.scan_id)
           GROUP BY 1 ORDER BY 1 LOOP
    PERFORM stayperks_bump_merchant(r.merchant_id, r.n, r.redeemed);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A scan moved (never done by the app, possible by hand): its coupons' counts, redemptions and spend move with it.
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
    FOR c IN SELECT * FROM coupons WHERE scan_id = NEW.id LOOP
      PERFORM stayperks_bump_hotel(OLD.hotel_id, stayperks_business_day(OLD.scan_date), 0, -1, 0);
      PERFORM stayperks_bump_hotel(NEW.hotel_id, stayperks_business_day(NEW.scan_date), 0, 1, 0);
      IF c.is_redeemed THEN
        PERFORM stayperks_bump_hotel(OLD.hotel_id, stayperks_business_day(coalesce(c.redeemed_at, c.created_at)), 0, 0, -1);
        PERFORM stayperks_bump_hotel(NEW.hotel_id, stayperks_business_day(coalesce(c.redeemed_at, c.created_at)), 0, 0, 1);
        IF NEW.hotel_id <> OLD.hotel_id THEN
          PERFORM stayperks_bump_hotel_merchant(OLD.hotel_id, c.merchant_id, -1);
          PERFORM stayperks_bump_hotel_merchant(NEW.hotel_id, c.merchant_id, 1);
        END IF;
      END IF;
      IF NEW.hotel_id <> OLD.hotel_id AND c.bill_amount IS NOT NULL THEN
        PERFORM stayperks_bump_spend(OLD.hotel_id, -c.bill_amount);
        PERFORM stayperks_bump_spend(NEW.hotel_id, c.bill_amount);
      END IF;
    END LOOP;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM stayperks_bump_hotel(NEW.hotel_id, stayperks_business_day(NEW.scan_date), 1, 0, 0);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Guest spend: a bill amount entered, corrected or cleared (redemption itself does not touch it).
CREATE OR REPLACE FUNCTION stayperks_coupons_spend() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.bill_amount IS NOT NULL THEN
    PERFORM stayperks_bump_spend((SELECT hotel_id FROM customer_scans WHERE id = OLD.scan_id), -OLD.bill_amount);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.bill_amount IS NOT NULL THEN
    PERFORM stayperks_bump_spend((SELECT hotel_id FROM customer_scans WHERE id = NEW.scan_id), NEW.bill_amount);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER coupons_spend_insert AFTER INSERT ON coupons
FOR EACH ROW WHEN (NEW.bill_amount IS NOT NULL) EXECUTE FUNCTION stayperks_coupons_spend();--> statement-breakpoint
CREATE TRIGGER coupons_spend_delete AFTER DELETE ON coupons
FOR EACH ROW WHEN (OLD.bill_amount IS NOT NULL) EXECUTE FUNCTION stayperks_coupons_spend();--> statement-breakpoint
CREATE TRIGGER coupons_spend_update AFTER UPDATE OF bill_amount, scan_id ON coupons
FOR EACH ROW WHEN (OLD.bill_amount IS DISTINCT FROM NEW.bill_amount OR OLD.scan_id IS DISTINCT FROM NEW.scan_id)
EXECUTE FUNCTION stayperks_coupons_spend();--> statement-breakpoint
INSERT INTO hotel_merchant_stats (hotel_id, merchant_id, redemptions)
SELECT s.hotel_id, c.merchant_id, count(*) FROM coupons c JOIN customer_scans s ON s.id = c.scan_id
WHERE c.is_redeemed GROUP BY 1, 2;
