CREATE TABLE "offer_monthly_stats" (
	"offer_id" uuid NOT NULL,
	"month" date NOT NULL,
	"issued" integer DEFAULT 0 NOT NULL,
	"redeemed" integer DEFAULT 0 NOT NULL,
	"bill_total" numeric(14, 2) DEFAULT 0 NOT NULL,
	"bills_entered" integer DEFAULT 0 NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "offer_monthly_stats_offer_id_month_shard_pk" PRIMARY KEY("offer_id","month","shard")
);
--> statement-breakpoint
ALTER TABLE "offer_monthly_stats" ADD CONSTRAINT "offer_monthly_stats_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Per-offer results by business month (docs/DATA.md "Derived tables"): a voucher counts as issued in the month it was
-- issued (its created_at), as redeemed in the month of its redemption, and its bill, if one was entered, in the
-- month of its redemption too. Kept like merchant_stats: sharded rows (migration 0009), a statement trigger for the
-- vouchers one submission inserts, a row trigger for each change after.
CREATE OR REPLACE FUNCTION stayperks_business_month(ts timestamptz) RETURNS date
LANGUAGE sql STABLE AS $$ SELECT date_trunc('month', stayperks_business_day(ts))::date $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stayperks_bump_offer_month(p_offer uuid, p_month date, d_issued integer, d_redeemed integer,
  d_bill numeric, d_bills integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF d_issued = 0 AND d_redeemed = 0 AND coalesce(d_bill, 0) = 0 AND d_bills = 0 THEN RETURN; END IF;
  INSERT INTO offer_monthly_stats AS s (offer_id, month, shard, issued, redeemed, bill_total, bills_entered)
  VALUES (p_offer, p_month, stayperks_counter_shard(), d_issued, d_redeemed, coalesce(d_bill, 0), d_bills)
  ON CONFLICT (offer_id, month, shard) DO UPDATE
    SET issued = s.issued + excluded.issued, redeemed = s.redeemed + excluded.redeemed,
        bill_total = s.bill_total + excluded.bill_total, bills_entered = s.bills_entered + excluded.bills_entered;
END $$;
--> statement-breakpoint
-- One voucher's redemption and bill (sign +1 or -1), in the month of its redemption.
CREATE OR REPLACE FUNCTION stayperks_count_offer_redemption(c coupons, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT c.is_redeemed AND c.bill_amount IS NULL THEN RETURN; END IF;
  PERFORM stayperks_bump_offer_month(c.offer_id, stayperks_business_month(coalesce(c.redeemed_at, c.created_at)), 0,
    CASE WHEN c.is_redeemed THEN sign ELSE 0 END, sign * c.bill_amount,
    CASE WHEN c.bill_amount IS NOT NULL THEN sign ELSE 0 END);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stayperks_coupons_offer_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    -- A redemption, its undo or a bill: the issue stays where it was counted, only the redemption's month moves.
    IF NEW.offer_id <> OLD.offer_id
       OR stayperks_business_month(NEW.created_at) <> stayperks_business_month(OLD.created_at) THEN
      PERFORM stayperks_bump_offer_month(OLD.offer_id, stayperks_business_month(OLD.created_at), -1, 0, 0, 0);
      PERFORM stayperks_bump_offer_month(NEW.offer_id, stayperks_business_month(NEW.created_at), 1, 0, 0, 0);
    END IF;
    PERFORM stayperks_count_offer_redemption(OLD, -1);
    PERFORM stayperks_count_offer_redemption(NEW, 1);
  ELSE
    PERFORM stayperks_bump_offer_month(OLD.offer_id, stayperks_business_month(OLD.created_at), -1, 0, 0, 0);
    PERFORM stayperks_count_offer_redemption(OLD, -1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stayperks_coupons_offer_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT offer_id, stayperks_business_month(created_at) AS month, count(*)::int AS n
           FROM inserted GROUP BY 1, 2 ORDER BY 1, 2 LOOP
    PERFORM stayperks_bump_offer_month(r.offer_id, r.month, r.n, 0, 0, 0);
  END LOOP;
  FOR r IN SELECT offer_id, stayperks_business_month(coalesce(redeemed_at, created_at)) AS month,
             (count(*) FILTER (WHERE is_redeemed))::int AS redeemed, sum(bill_amount) AS bill,
             count(bill_amount)::int AS bills
           FROM inserted WHERE is_redeemed OR bill_amount IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2 LOOP
    PERFORM stayperks_bump_offer_month(r.offer_id, r.month, 0, r.redeemed, r.bill, r.bills);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER coupons_offer_rollup_delete AFTER DELETE ON coupons
FOR EACH ROW EXECUTE FUNCTION stayperks_coupons_offer_rollup();--> statement-breakpoint
CREATE TRIGGER coupons_offer_rollup_update AFTER UPDATE OF offer_id, is_redeemed, redeemed_at, created_at, bill_amount ON coupons
FOR EACH ROW WHEN (OLD.offer_id IS DISTINCT FROM NEW.offer_id OR OLD.is_redeemed IS DISTINCT FROM NEW.is_redeemed
  OR OLD.redeemed_at IS DISTINCT FROM NEW.redeemed_at OR OLD.created_at IS DISTINCT FROM NEW.created_at
  OR OLD.bill_amount IS DISTINCT FROM NEW.bill_amount)
EXECUTE FUNCTION stayperks_coupons_offer_rollup();--> statement-breakpoint
CREATE TRIGGER coupons_offer_rollup_insert AFTER INSERT ON coupons
REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION stayperks_coupons_offer_inserted();--> statement-breakpoint
-- Whatever the coupons already hold (an existing installation) is counted once now, in shard 0.
INSERT INTO offer_monthly_stats (offer_id, month, issued, redeemed, bill_total, bills_entered)
SELECT offer_id, month, sum(issued), sum(redeemed), sum(bill_total), sum(bills_entered) FROM (
  SELECT offer_id, stayperks_business_month(created_at) AS month, count(*) AS issued, 0 AS redeemed,
    0 AS bill_total, 0 AS bills_entered FROM coupons GROUP BY 1, 2
  UNION ALL
  SELECT offer_id, stayperks_business_month(coalesce(redeemed_at, created_at)), 0, count(*) FILTER (WHERE is_redeemed),
    coalesce(sum(bill_amount), 0), count(bill_amount)
  FROM coupons WHERE is_redeemed OR bill_amount IS NOT NULL GROUP BY 1, 2
) x GROUP BY 1, 2;
