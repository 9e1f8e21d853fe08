CREATE TABLE "location_monthly_revenue" (
	"location_id" integer NOT NULL,
	"month" date NOT NULL,
	"amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "location_monthly_revenue_location_id_month_pk" PRIMARY KEY("location_id","month")
);
--> statement-breakpoint
ALTER TABLE "location_monthly_revenue" ADD CONSTRAINT "location_monthly_revenue_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "location_monthly_revenue_month_idx" ON "location_monthly_revenue" USING btree ("month");--> statement-breakpoint
-- Kept by triggers in the same transaction as each payment's write (docs/DATA.md).
CREATE OR REPLACE FUNCTION stayperks_bump_revenue(p_location integer, p_paid_at timestamptz, d_amount numeric, d_payments integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_location IS NULL THEN RETURN; END IF;
  INSERT INTO location_monthly_revenue AS r (location_id, month, amount, payments)
  VALUES (p_location, date_trunc('month', stayperks_business_day(p_paid_at))::date, d_amount, d_payments)
  ON CONFLICT (location_id, month) DO UPDATE
    SET amount = r.amount + excluded.amount, payments = r.payments + excluded.payments;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stayperks_periods_revenue() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.hotel_id = OLD.hotel_id AND NEW.amount = OLD.amount AND NEW.paid_at = OLD.paid_at THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM stayperks_bump_revenue((SELECT location_id FROM hotels WHERE id = OLD.hotel_id), OLD.paid_at, -OLD.amount, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM stayperks_bump_revenue((SELECT location_id FROM hotels WHERE id = NEW.hotel_id), NEW.paid_at, NEW.amount, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER subscription_periods_revenue AFTER INSERT OR DELETE OR UPDATE OF hotel_id, amount, paid_at
ON subscription_periods FOR EACH ROW EXECUTE FUNCTION stayperks_periods_revenue();
--> statement-breakpoint
-- A hotel moved to another location takes its payments with it.
CREATE OR REPLACE FUNCTION stayperks_hotels_move_revenue() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  p record;
BEGIN
  FOR p IN SELECT paid_at, amount FROM subscription_periods WHERE hotel_id = NEW.id LOOP
    PERFORM stayperks_bump_revenue(OLD.location_id, p.paid_at, -p.amount, -1);
    PERFORM stayperks_bump_revenue(NEW.location_id, p.paid_at, p.amount, 1);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER hotels_move_revenue AFTER UPDATE OF location_id ON hotels
FOR EACH ROW WHEN (OLD.location_id IS DISTINCT FROM NEW.location_id) EXECUTE FUNCTION stayperks_hotels_move_revenue();
--> statement-breakpoint
INSERT INTO location_monthly_revenue (location_id, month, amount, payments)
SELECT h.location_id, date_trunc('month', stayperks_business_day(sp.paid_at))::date, sum(sp.amount), count(*)
FROM subscription_periods sp JOIN hotels h ON h.id = sp.hotel_id GROUP BY 1, 2;
