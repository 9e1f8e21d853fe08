-- Closed days of the funnel are one row per hotel, card and day (docs/DATA.md "Funnel"), so the back office reads
-- them without first summing shards. A bump for a day before the business day of the database's clock goes to shard
-- 0: such days see few writes (late redemptions of old scans, events flushed after midnight). The clock is read inside
-- the INSERT, after it holds its table lock, so it cannot be read before a compaction and written after it.
CREATE OR REPLACE FUNCTION stayperks_bump_funnel(p_hotel uuid, p_placement uuid, p_day date, d_opens integer,
  d_details integer, d_issued integer, d_redeemed integer, d_review_taps integer, d_shares integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO funnel_daily_stats AS s (hotel_id, placement_id, day, shard, opens, details, issued, redeemed, review_taps, shares)
  VALUES (p_hotel, p_placement, p_day,
    CASE WHEN p_day < stayperks_business_day(clock_timestamp()) THEN 0 ELSE stayperks_counter_shard() END,
    d_opens, d_details, d_issued, d_redeemed, d_review_taps, d_shares)
  ON CONFLICT (hotel_id, placement_id, day, shard) DO UPDATE
    SET opens = s.opens + excluded.opens, details = s.details + excluded.details, issued = s.issued + excluded.issued,
        redeemed = s.redeemed + excluded.redeemed, review_taps = s.review_taps + excluded.review_taps,
        shares = s.shares + excluded.shares;
END $$;
--> statement-breakpoint
-- Folds the shards of the days closed since the last run into shard 0 and records app_settings
-- 'funnel_compacted_through' (its last such day): every day up to it has one row per hotel and card, then and after.
-- The table lock (self-exclusive, so runs take turns) waits for writers that may still hold another shard of a closed
-- day, and holds new ones back until the fold commits; they then read a clock past the closed days. Idempotent.
CREATE OR REPLACE FUNCTION stayperks_compact_funnel_days() RETURNS date
LANGUAGE plpgsql AS $$
DECLARE
  done date;
  through date;
BEGIN
  LOCK TABLE funnel_daily_stats IN SHARE ROW EXCLUSIVE MODE;
  done := (SELECT value::date FROM app_settings WHERE key = 'funnel_compacted_through');
  through := stayperks_business_day(clock_timestamp()) - 1;
  IF done >= through THEN
    RETURN done;
  END IF;
  WITH moved AS (
    DELETE FROM funnel_daily_stats f
    WHERE f.shard <> 0 AND f.day <= through AND (done IS NULL OR f.day > done)
    RETURNING f.*
  )
  INSERT INTO funnel_daily_stats AS s (hotel_id, placement_id, day, shard, opens, details, issued, redeemed, review_taps, shares)
  SELECT hotel_id, placement_id, day, 0, sum(opens), sum(details), sum(issued), sum(redeemed), sum(review_taps), sum(shares)
  FROM moved GROUP BY hotel_id, placement_id, day
  ON CONFLICT (hotel_id, placement_id, day, shard) DO UPDATE
    SET opens = s.opens + excluded.opens, details = s.details + excluded.details, issued = s.issued + excluded.issued,
        redeemed = s.redeemed + excluded.redeemed, review_taps = s.review_taps + excluded.review_taps,
        shares = s.shares + excluded.shares;
  INSERT INTO app_settings (key, value) VALUES ('funnel_compacted_through', to_char(through, 'YYYY-MM-DD'))
  ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now();
  RETURN through;
END $$;
--> statement-breakpoint
SELECT stayperks_compact_funnel_days();
