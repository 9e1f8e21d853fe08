-- Keeps hotel_review_months (db/derived-tables.ts; docs/DATA.md "Review months") in step with review_snapshots: each
-- change recomputes the (hotel, business month) it touches from the snapshots, two seeks on
-- review_snapshots_hotel_time_idx, so a snapshot inserted, moved or deleted by hand is followed too.
CREATE OR REPLACE FUNCTION stayperks_refresh_review_month(p_hotel uuid, p_month date) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  starts timestamptz := stayperks_day_start(p_month);
  ends timestamptz := stayperks_day_start((p_month + interval '1 month')::date);
  first_snap review_snapshots;
  last_snap review_snapshots;
BEGIN
  SELECT * INTO first_snap FROM review_snapshots
    WHERE hotel_id = p_hotel AND fetched_at >= starts AND fetched_at < ends ORDER BY fetched_at, id LIMIT 1;
  IF NOT FOUND THEN
    DELETE FROM hotel_review_months WHERE hotel_id = p_hotel AND month = p_month;
    RETURN;
  END IF;
  SELECT * INTO last_snap FROM review_snapshots
    WHERE hotel_id = p_hotel AND fetched_at >= starts AND fetched_at < ends ORDER BY fetched_at DESC, id DESC LIMIT 1;
  INSERT INTO hotel_review_months AS m
    (hotel_id, month, first_at, first_total, first_rating, last_at, last_total, last_rating)
  VALUES (p_hotel, p_month, first_snap.fetched_at, first_snap.total_reviews, first_snap.rating,
    last_snap.fetched_at, last_snap.total_reviews, last_snap.rating)
  ON CONFLICT (hotel_id, month) DO UPDATE SET
    first_at = excluded.first_at, first_total = excluded.first_total, first_rating = excluded.first_rating,
    last_at = excluded.last_at, last_total = excluded.last_total, last_rating = excluded.last_rating;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stayperks_review_snapshots_months() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  old_month date;
  new_month date;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    old_month := stayperks_business_month(OLD.fetched_at);
    PERFORM stayperks_refresh_review_month(OLD.hotel_id, old_month);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    new_month := stayperks_business_month(NEW.fetched_at);
    IF TG_OP = 'INSERT' OR NEW.hotel_id <> OLD.hotel_id OR new_month <> old_month THEN
      PERFORM stayperks_refresh_review_month(NEW.hotel_id, new_month);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Every (hotel, month) recounted in one pass (db:rebuild-derived, and the backfill below): one sort of the snapshots.
CREATE OR REPLACE FUNCTION stayperks_rebuild_review_months() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM hotel_review_months;
  WITH tz AS (SELECT coalesce((SELECT value FROM app_settings WHERE key = 'business_time_zone'), 'Asia/Kolkata') AS name),
  s AS (
    SELECT hotel_id, date_trunc('month', (fetched_at AT TIME ZONE (SELECT name FROM tz))::date)::date AS month,
      fetched_at, id, total_reviews, rating
    FROM review_snapshots
  )
  INSERT INTO hotel_review_months (hotel_id, month, first_at, first_total, first_rating, last_at, last_total, last_rating)
  SELECT DISTINCT ON (hotel_id, month) hotel_id, month,
    last_value(fetched_at) OVER w, last_value(total_reviews) OVER w, last_value(rating) OVER w,
    fetched_at, total_reviews, rating
  FROM s
  WINDOW w AS (PARTITION BY hotel_id, month ORDER BY fetched_at DESC, id DESC
    ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)
  ORDER BY hotel_id, month, fetched_at DESC, id DESC;
$$;
--> statement-breakpoint
-- The trigger first: its lock on review_snapshots (share row exclusive, until the migration commits) holds back a
-- snapshot insert during the backfill, so none is missed; readers are not blocked (docs/OPERATING.md "Migrations").
CREATE TRIGGER review_snapshots_months AFTER INSERT OR UPDATE OR DELETE ON review_snapshots
FOR EACH ROW EXECUTE FUNCTION stayperks_review_snapshots_months();
--> statement-breakpoint
SELECT stayperks_rebuild_review_months();
