-- Subscription periods bump catalogue_version too (docs/DATA.md "Catalogue version"): the dashboard's renewal tracking
-- and revenue, and the monthly revenue report, are read from periods and the revenue rollup their trigger keeps, and
-- are kept per server under that version (areas/dashboard, areas/reports) instead of being read again on every view.
-- One bump per statement, only for the columns those figures read; periods change a few times a day, so the guest
-- offers' ETags this also moves are no real cost. CREATE TRIGGER holds subscription_periods' lock for an instant (one
-- row per hotel and year): no backfill, nothing to build beside.
CREATE TRIGGER subscription_periods_catalogue AFTER INSERT OR DELETE OR UPDATE OF hotel_id, from_date, to_date, amount, paid_at, cancelled_at
ON subscription_periods FOR EACH STATEMENT EXECUTE FUNCTION stayperks_bump_catalogue();
