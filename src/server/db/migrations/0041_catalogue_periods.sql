-- Subscription periods, their tax invoices and their payments bump catalogue_version too (docs/DATA.md "Catalogue
-- version"): the dashboard's renewal tracking, revenue and unpaid total, and the monthly revenue report, are read from
-- them (and from the revenue rollup the periods' trigger keeps), and are kept per server under that version
-- (areas/dashboard, areas/reports) instead of being read again on every view. One bump per statement, only for the
-- columns those figures read; money changes a few times a day, so the guest offers' ETags this also moves are no real
-- cost. CREATE TRIGGER holds each table's lock for an instant (a row per hotel and year or per payment): no backfill,
-- nothing to build beside.
CREATE TRIGGER subscription_periods_catalogue AFTER INSERT OR DELETE OR UPDATE OF hotel_id, from_date, to_date, amount, paid_at, cancelled_at, settled_at
ON subscription_periods FOR EACH STATEMENT EXECUTE FUNCTION stayperks_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER invoices_catalogue AFTER INSERT OR DELETE OR UPDATE ON invoices
FOR EACH STATEMENT EXECUTE FUNCTION stayperks_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER period_payments_catalogue AFTER INSERT OR DELETE OR UPDATE ON period_payments
FOR EACH STATEMENT EXECUTE FUNCTION stayperks_bump_catalogue();
