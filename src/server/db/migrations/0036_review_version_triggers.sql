-- Keeps review_version (db/derived-tables.ts; docs/DATA.md "Review version") moving with what Hotel Details reads:
-- one bump per statement that changes hotel_review_stats or hotel_review_months (each snapshot's row triggers write
-- both; db:rebuild-derived deletes and refills them), visible when that change commits.
INSERT INTO review_version (id, version) VALUES (1, 1) ON CONFLICT (id) DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stayperks_bump_review_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE review_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER hotel_review_stats_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON hotel_review_stats
FOR EACH STATEMENT EXECUTE FUNCTION stayperks_bump_review_version();
--> statement-breakpoint
CREATE TRIGGER hotel_review_months_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON hotel_review_months
FOR EACH STATEMENT EXECUTE FUNCTION stayperks_bump_review_version();
