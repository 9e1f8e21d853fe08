-- Summaries of the funnel's closed days (README "Performance", round 15; docs/DATA.md "Funnel summaries"). The back
-- office's every-location view and its falling hotels read every hotel's days: at ten seasons (10,000 hotels) 30 days
-- are 266,000 rows and 120 ms of database time, 60 days twice that, so ten views at once queued to 0.8 and 1.4 s.
--
-- funnel_location_days: each location's funnel per closed day, the sums of its hotels' (their location now) rows of
--   that day as readers take them (opens raised to details and issued, details to issued, row by row: funnelDays in
--   modules/funnel/funnel.stats.ts), for every day up to app_settings 'funnel_location_days_through'.
-- funnel_hotel_windows: each hotel's opens and issued in the falling hotels' two periods (FUNNEL_FALL_DAYS each, the
--   last one ending today) less today, for the today after app_settings 'funnel_fall_windows' ('YYYY-MM-DD/days': the
--   day they end and the days of a period). Made again by each day's compaction.
--
-- What keeps them exact: a closed day's rows are written only in shard 0 (migration 0025), so a row trigger on shard 0
-- adds every later change of a summarised day (late redemptions, events flushed after midnight, scans moved or
-- deleted) as the difference of the row as readers take it. A hotel moved takes its days to the new location, under
-- the funnel's table lock (a writer that saw the old location has committed first); a hotel deleted takes its days
-- away first. Writers that count themselves (db:rebuild-derived) set stayperks.rollups_by_caller, so the triggers
-- stand aside by their WHEN condition.
--
-- Rolling upgrade: new tables and triggers, no row backfilled here. The summaries are filled after start by the
-- funnel's summary job (modules/funnel/funnel.summaries.ts) in batches of days, each its own short transaction under
-- the table lock the daily compaction takes (docs/OPERATING.md "Migration 0050"); until they reach the compacted days
-- readers take the days after 'funnel_location_days_through' from funnel_daily_stats as before.

CREATE TABLE IF NOT EXISTS funnel_location_days (
  day date NOT NULL,
  location_id integer NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
  opens integer NOT NULL DEFAULT 0,
  details integer NOT NULL DEFAULT 0,
  issued integer NOT NULL DEFAULT 0,
  redeemed integer NOT NULL DEFAULT 0,
  review_taps integer NOT NULL DEFAULT 0,
  shares integer NOT NULL DEFAULT 0,
  PRIMARY KEY (day, location_id)
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS funnel_hotel_windows (
  hotel_id uuid PRIMARY KEY REFERENCES hotels(id) ON DELETE CASCADE,
  previous_opens integer NOT NULL DEFAULT 0,
  previous_issued integer NOT NULL DEFAULT 0,
  last_opens integer NOT NULL DEFAULT 0,
  last_issued integer NOT NULL DEFAULT 0
);
--> statement-breakpoint
-- Adds a change of a closed day's row (as readers take it) to the summaries that hold that day.
CREATE OR REPLACE FUNCTION stayperks_count_funnel_closed(p_hotel uuid, p_day date, d_opens integer, d_details integer,
  d_issued integer, d_redeemed integer, d_review_taps integer, d_shares integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  through date;
  windows text;
  w_end date;
  w_days integer;
BEGIN
  SELECT max(value) FILTER (WHERE key = 'funnel_location_days_through'),
         max(value) FILTER (WHERE key = 'funnel_fall_windows')
    INTO through, windows
    FROM app_settings WHERE key IN ('funnel_location_days_through', 'funnel_fall_windows');
  IF p_day <= through AND (d_opens, d_details, d_issued, d_redeemed, d_review_taps, d_shares) <> (0, 0, 0, 0, 0, 0) THEN
    -- No row when the hotel is gone (deleted in this transaction: stayperks_hotels_funnel_summaries took its days).
    INSERT INTO funnel_location_days AS t (day, location_id, opens, details, issued, redeemed, review_taps, shares)
    SELECT p_day, h.location_id, d_opens, d_details, d_issued, d_redeemed, d_review_taps, d_shares
      FROM hotels h WHERE h.id = p_hotel
    ON CONFLICT (day, location_id) DO UPDATE
      SET opens = t.opens + excluded.opens, details = t.details + excluded.details, issued = t.issued + excluded.issued,
          redeemed = t.redeemed + excluded.redeemed, review_taps = t.review_taps + excluded.review_taps,
          shares = t.shares + excluded.shares;
  END IF;
  IF windows IS NOT NULL AND (d_opens <> 0 OR d_issued <> 0) THEN
    w_end := split_part(windows, '/', 1)::date;
    w_days := split_part(windows, '/', 2)::integer;
    IF p_day BETWEEN w_end - 2 * w_days + 2 AND w_end THEN
      INSERT INTO funnel_hotel_windows AS t (hotel_id, previous_opens, previous_issued, last_opens, last_issued)
      SELECT p_hotel,
             CASE WHEN p_day <= w_end - w_days + 1 THEN d_opens ELSE 0 END,
             CASE WHEN p_day <= w_end - w_days + 1 THEN d_issued ELSE 0 END,
             CASE WHEN p_day > w_end - w_days + 1 THEN d_opens ELSE 0 END,
             CASE WHEN p_day > w_end - w_days + 1 THEN d_issued ELSE 0 END
        WHERE EXISTS (SELECT 1 FROM hotels WHERE id = p_hotel)
      ON CONFLICT (hotel_id) DO UPDATE
        SET previous_opens = t.previous_opens + excluded.previous_opens,
            previous_issued = t.previous_issued + excluded.previous_issued,
            last_opens = t.last_opens + excluded.last_opens, last_issued = t.last_issued + excluded.last_issued;
    END IF;
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stayperks_funnel_closed_row_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.shard = 0 AND NEW.shard = 0 AND OLD.hotel_id = NEW.hotel_id AND OLD.day = NEW.day THEN
    PERFORM stayperks_count_funnel_closed(NEW.hotel_id, NEW.day,
      greatest(NEW.opens, NEW.details, NEW.issued) - greatest(OLD.opens, OLD.details, OLD.issued),
      greatest(NEW.details, NEW.issued) - greatest(OLD.details, OLD.issued), NEW.issued - OLD.issued,
      NEW.redeemed - OLD.redeemed, NEW.review_taps - OLD.review_taps, NEW.shares - OLD.shares);
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.shard = 0 THEN
    PERFORM stayperks_count_funnel_closed(OLD.hotel_id, OLD.day, -greatest(OLD.opens, OLD.details, OLD.issued),
      -greatest(OLD.details, OLD.issued), -OLD.issued, -OLD.redeemed, -OLD.review_taps, -OLD.shares);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.shard = 0 THEN
    PERFORM stayperks_count_funnel_closed(NEW.hotel_id, NEW.day, greatest(NEW.opens, NEW.details, NEW.issued),
      greatest(NEW.details, NEW.issued), NEW.issued, NEW.redeemed, NEW.review_taps, NEW.shares);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Shard 0 only: today's rows are mostly in other shards, and a closed day's only ever in shard 0.
CREATE TRIGGER funnel_daily_stats_closed_insert AFTER INSERT ON funnel_daily_stats FOR EACH ROW
  WHEN (NEW.shard = 0 AND current_setting('stayperks.rollups_by_caller', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION stayperks_funnel_closed_row_changed();
--> statement-breakpoint
CREATE TRIGGER funnel_daily_stats_closed_update AFTER UPDATE ON funnel_daily_stats FOR EACH ROW
  WHEN ((OLD.shard = 0 OR NEW.shard = 0) AND current_setting('stayperks.rollups_by_caller', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION stayperks_funnel_closed_row_changed();
--> statement-breakpoint
CREATE TRIGGER funnel_daily_stats_closed_delete AFTER DELETE ON funnel_daily_stats FOR EACH ROW
  WHEN (OLD.shard = 0 AND current_setting('stayperks.rollups_by_caller', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION stayperks_funnel_closed_row_changed();
--> statement-breakpoint
-- A hotel moved takes its summarised days to its new location; a hotel deleted takes them away (its funnel rows go by
-- the foreign key's cascade after this, and find no hotel). Under the funnel's table lock: a writer that read the old
-- location commits first, and its change is in the days moved.
CREATE OR REPLACE FUNCTION stayperks_hotels_funnel_summaries() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  new_location integer;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    new_location := NEW.location_id;
  END IF;
  LOCK TABLE funnel_daily_stats IN SHARE ROW EXCLUSIVE MODE;
  WITH days AS (
    SELECT f.day, sum(greatest(f.opens, f.details, f.issued))::int AS opens, sum(greatest(f.details, f.issued))::int AS details,
           sum(f.issued)::int AS issued, sum(f.redeemed)::int AS redeemed, sum(f.review_taps)::int AS review_taps,
           sum(f.shares)::int AS shares
      FROM funnel_daily_stats f
     WHERE f.hotel_id = OLD.id
       AND f.day <= (SELECT value::date FROM app_settings WHERE key = 'funnel_location_days_through')
     GROUP BY f.day
  ), moved AS (
    SELECT day, OLD.location_id AS location_id, -opens AS opens, -details AS details, -issued AS issued,
           -redeemed AS redeemed, -review_taps AS review_taps, -shares AS shares FROM days
    UNION ALL
    SELECT day, new_location, opens, details, issued, redeemed, review_taps, shares FROM days WHERE new_location IS NOT NULL
  )
  INSERT INTO funnel_location_days AS t (day, location_id, opens, details, issued, redeemed, review_taps, shares)
  SELECT * FROM moved ORDER BY day, location_id
  ON CONFLICT (day, location_id) DO UPDATE
    SET opens = t.opens + excluded.opens, details = t.details + excluded.details, issued = t.issued + excluded.issued,
        redeemed = t.redeemed + excluded.redeemed, review_taps = t.review_taps + excluded.review_taps,
        shares = t.shares + excluded.shares;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER hotels_funnel_summaries_move AFTER UPDATE OF location_id ON hotels FOR EACH ROW
  WHEN (OLD.location_id IS DISTINCT FROM NEW.location_id) EXECUTE FUNCTION stayperks_hotels_funnel_summaries();
--> statement-breakpoint
CREATE TRIGGER hotels_funnel_summaries_delete BEFORE DELETE ON hotels FOR EACH ROW
  EXECUTE FUNCTION stayperks_hotels_funnel_summaries();
--> statement-breakpoint
-- Extends the location days by at most p_days past 'funnel_location_days_through', up to the compacted days (whose
-- rows are one per hotel, card and day); returns the day they now hold through (null while nothing is compacted).
-- Under the compaction's table lock, so no change of these days is in flight while they are summed; when there is
-- nothing to do (most calls) it takes no lock.
CREATE OR REPLACE FUNCTION stayperks_extend_funnel_location_days(p_days integer) RETURNS date
LANGUAGE plpgsql AS $$
DECLARE
  compacted date;
  done date;
  upto date;
BEGIN
  -- Nothing to do, as on most calls: no lock taken. Else read again under the lock (another server may have done it).
  FOR pass IN 1..2 LOOP
    IF pass = 2 THEN
      LOCK TABLE funnel_daily_stats IN SHARE ROW EXCLUSIVE MODE;
    END IF;
    compacted := (SELECT value::date FROM app_settings WHERE key = 'funnel_compacted_through');
    done := (SELECT value::date FROM app_settings WHERE key = 'funnel_location_days_through');
    IF compacted IS NULL OR done >= compacted THEN
      RETURN done;
    END IF;
  END LOOP;
  IF done IS NULL THEN
    done := coalesce((SELECT min(day) FROM funnel_daily_stats), compacted + 1) - 1;
  END IF;
  upto := least(compacted, done + p_days);
  INSERT INTO funnel_location_days AS t (day, location_id, opens, details, issued, redeemed, review_taps, shares)
  SELECT f.day, h.location_id, sum(greatest(f.opens, f.details, f.issued)), sum(greatest(f.details, f.issued)),
         sum(f.issued), sum(f.redeemed), sum(f.review_taps), sum(f.shares)
    FROM funnel_daily_stats f JOIN hotels h ON h.id = f.hotel_id
   WHERE f.day > done AND f.day <= upto
   GROUP BY f.day, h.location_id
   ORDER BY 1, 2
  ON CONFLICT (day, location_id) DO UPDATE
    SET opens = excluded.opens, details = excluded.details, issued = excluded.issued, redeemed = excluded.redeemed,
        review_taps = excluded.review_taps, shares = excluded.shares;
  INSERT INTO app_settings (key, value) VALUES ('funnel_location_days_through', to_char(upto, 'YYYY-MM-DD'))
  ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now();
  RETURN upto;
END $$;
--> statement-breakpoint
-- Makes the falling hotels' periods again for the day after the compacted days (p_days a period), unless made for it
-- already (then no lock is taken); returns its marker ('funnel_fall_windows'), or null while nothing is compacted.
CREATE OR REPLACE FUNCTION stayperks_build_funnel_fall_windows(p_days integer) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  w_end date;
  marker text;
BEGIN
  FOR pass IN 1..2 LOOP
    IF pass = 2 THEN
      LOCK TABLE funnel_daily_stats IN SHARE ROW EXCLUSIVE MODE;
    END IF;
    w_end := (SELECT value::date FROM app_settings WHERE key = 'funnel_compacted_through');
    IF w_end IS NULL THEN
      RETURN NULL;
    END IF;
    marker := to_char(w_end, 'YYYY-MM-DD') || '/' || p_days;
    IF (SELECT value FROM app_settings WHERE key = 'funnel_fall_windows') = marker THEN
      RETURN marker;
    END IF;
  END LOOP;
  DELETE FROM funnel_hotel_windows;
  INSERT INTO funnel_hotel_windows (hotel_id, previous_opens, previous_issued, last_opens, last_issued)
  SELECT f.hotel_id,
         coalesce(sum(greatest(f.opens, f.details, f.issued)) FILTER (WHERE f.day <= w_end - p_days + 1), 0),
         coalesce(sum(f.issued) FILTER (WHERE f.day <= w_end - p_days + 1), 0),
         coalesce(sum(greatest(f.opens, f.details, f.issued)) FILTER (WHERE f.day > w_end - p_days + 1), 0),
         coalesce(sum(f.issued) FILTER (WHERE f.day > w_end - p_days + 1), 0)
    FROM funnel_daily_stats f
   WHERE f.day BETWEEN w_end - 2 * p_days + 2 AND w_end
   GROUP BY f.hotel_id
   ORDER BY 1;
  INSERT INTO app_settings (key, value) VALUES ('funnel_fall_windows', marker)
  ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now();
  RETURN marker;
END $$;
