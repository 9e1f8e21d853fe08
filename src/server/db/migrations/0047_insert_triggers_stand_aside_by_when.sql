-- The insert triggers that stand aside during a guest's submission (0043: the setting stayperks.rollups_by_caller is
-- on while stayperks_submit_scan inserts the scan and its vouchers, which it counts itself) now stand aside by their
-- WHEN condition, so PostgreSQL does not call their functions at all: two row triggers on customer_scans (their
-- INSERT part split from their UPDATE and DELETE part, which are unchanged) and the three statement triggers of the
-- vouchers' insert (the funnel's among them: a new voucher is never redeemed). Five PL/pgSQL calls a submission fewer:
-- README "Performance", round 10. What each counts for any other insert does not change.
--
-- Rolling upgrade: DROP and CREATE TRIGGER hold the tables' lock for a moment, in the migration's transaction (the
-- writes in flight finish first); no row is touched.

DROP TRIGGER customer_scans_funnel ON customer_scans;
--> statement-breakpoint
CREATE TRIGGER customer_scans_funnel AFTER DELETE OR UPDATE OF hotel_id, placement_id, scan_date ON customer_scans
  FOR EACH ROW EXECUTE FUNCTION stayperks_funnel_scans_rollup();
--> statement-breakpoint
CREATE TRIGGER customer_scans_funnel_insert AFTER INSERT ON customer_scans FOR EACH ROW
  WHEN (current_setting('stayperks.rollups_by_caller', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION stayperks_funnel_scans_rollup();
--> statement-breakpoint
DROP TRIGGER customer_scans_rollup ON customer_scans;
--> statement-breakpoint
CREATE TRIGGER customer_scans_rollup AFTER DELETE OR UPDATE OF hotel_id, scan_date ON customer_scans
  FOR EACH ROW EXECUTE FUNCTION stayperks_scans_rollup();
--> statement-breakpoint
CREATE TRIGGER customer_scans_rollup_insert AFTER INSERT ON customer_scans FOR EACH ROW
  WHEN (current_setting('stayperks.rollups_by_caller', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION stayperks_scans_rollup();
--> statement-breakpoint
DROP TRIGGER coupons_funnel_insert ON coupons;
--> statement-breakpoint
CREATE TRIGGER coupons_funnel_insert AFTER INSERT ON coupons REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  WHEN (current_setting('stayperks.rollups_by_caller', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION stayperks_funnel_coupons_changed();
--> statement-breakpoint
DROP TRIGGER coupons_offer_rollup_insert ON coupons;
--> statement-breakpoint
CREATE TRIGGER coupons_offer_rollup_insert AFTER INSERT ON coupons REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT
  WHEN (current_setting('stayperks.rollups_by_caller', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION stayperks_coupons_offer_inserted();
--> statement-breakpoint
DROP TRIGGER coupons_rollup_insert ON coupons;
--> statement-breakpoint
CREATE TRIGGER coupons_rollup_insert AFTER INSERT ON coupons REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT
  WHEN (current_setting('stayperks.rollups_by_caller', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION stayperks_coupons_inserted();
