-- Keeps hotel_review_stats (schema/derived.ts) in step with review_snapshots, one hotel at a time.

-- The instant a business day begins.
CREATE OR REPLACE FUNCTION stayperks_day_start(d date) RETURNS timestamptz
LANGUAGE sql STABLE AS $$
  SELECT d::timestamp AT TIME ZONE coalesce((SELECT value FROM app_settings WHERE key = 'business_time_zone'), 'Asia/Kolkata')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stayperks_refresh_review_stats(p_hotel uuid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  latest review_snapshots;
  latest_day date;
  month_start date;
  day_first integer;
  month_first review_snapshots;
BEGIN
  SELECT * INTO latest FROM review_snapshots WHERE hotel_id = p_hotel ORDER BY fetched_at DESC, id DESC LIMIT 1;
  IF NOT FOUND THEN
    DELETE FROM hotel_review_stats WHERE hotel_id = p_hotel;
    RETURN;
  END IF;
  latest_day := stayperks_business_day(latest.fetched_at);
  month_start := date_trunc('month', latest_day)::date;
  SELECT total_reviews INTO day_first FROM review_snapshots
    WHERE hotel_id = p_hotel AND fetched_at >= stayperks_day_start(latest_day) ORDER BY fetched_at, id LIMIT 1;
  SELECT * INTO month_first FROM review_snapshots
    WHERE hotel_id = p_hotel AND fetched_at >= stayperks_day_start(month_start) ORDER BY fetched_at, id LIMIT 1;
  INSERT INTO hotel_review_stats AS r
    (hotel_id, latest_total, latest_rating, latest_at, latest_day, day_first_total, month_first_total, month_first_rating)
  VALUES (p_hotel, latest.total_reviews, latest.rating, latest.fetched_at, latest_day, day_first, month_first.total_reviews, month_first.rating)
  ON CONFLICT (hotel_id) DO UPDATE SET
    latest_total = excluded.latest_total, latest_rating = excluded.latest_rating, latest_at = excluded.latest_at,
    latest_day = excluded.latest_day, day_first_total = excluded.day_first_total,
    month_first_total = excluded.month_first_total, month_first_rating = excluded.month_first_rating;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stayperks_review_snapshots_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM stayperks_refresh_review_stats(OLD.hotel_id); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.hotel_id <> OLD.hotel_id) THEN
    PERFORM stayperks_refresh_review_stats(NEW.hotel_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER review_snapshots_rollup AFTER INSERT OR UPDATE OR DELETE ON review_snapshots
FOR EACH ROW EXECUTE FUNCTION stayperks_review_snapshots_rollup();
--> statement-breakpoint
SELECT stayperks_refresh_review_stats(id) FROM hotels WHERE EXISTS (SELECT 1 FROM review_snapshots s WHERE s.hotel_id = hotels.id);
