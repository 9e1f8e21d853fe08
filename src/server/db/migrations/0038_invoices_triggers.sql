-- Custom SQL migration file, put your code below! ---- A cancelled subscription period no longer counts as revenue (docs/PRODUCT.md "Tax invoices"): the rollup's
-- trigger counts a period only while cancelled_at is null, and follows a cancellation (docs/DATA.md).
CREATE OR REPLACE FUNCTION stayperks_periods_revenue() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.hotel_id = OLD.hotel_id AND NEW.amount = OLD.amount AND NEW.paid_at = OLD.paid_at
     AND (NEW.cancelled_at IS NULL) = (OLD.cancelled_at IS NULL) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.cancelled_at IS NULL THEN
    PERFORM stayperks_bump_revenue((SELECT location_id FROM hotels WHERE id = OLD.hotel_id), OLD.paid_at, -OLD.amount, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.cancelled_at IS NULL THEN
    PERFORM stayperks_bump_revenue((SELECT location_id FROM hotels WHERE id = NEW.hotel_id), NEW.paid_at, NEW.amount, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER subscription_periods_revenue ON subscription_periods;
--> statement-breakpoint
CREATE TRIGGER subscription_periods_revenue AFTER INSERT OR DELETE OR UPDATE OF hotel_id, amount, paid_at, cancelled_at
ON subscription_periods FOR EACH ROW EXECUTE FUNCTION stayperks_periods_revenue();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stayperks_hotels_move_revenue() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  p record;
BEGIN
  FOR p IN SELECT paid_at, amount FROM subscription_periods WHERE hotel_id = NEW.id AND cancelled_at IS NULL LOOP
    PERFORM stayperks_bump_revenue(OLD.location_id, p.paid_at, -p.amount, -1);
    PERFORM stayperks_bump_revenue(NEW.location_id, p.paid_at, p.amount, 1);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Tax invoices and credit notes are never changed or deleted (CGST Rules, rule 46; docs/DATA.md "Invoices"): a
-- correction is a credit note. TRUNCATE (an emptied demo or bench database) is not a row change and stays possible.
CREATE OR REPLACE FUNCTION stayperks_invoices_frozen() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'invoices are never changed or deleted: issue a credit note' USING ERRCODE = 'check_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_frozen BEFORE UPDATE OR DELETE ON invoices
FOR EACH ROW EXECUTE FUNCTION stayperks_invoices_frozen();
