-- location_daily_stats (schema/derived.ts): every hotel-day change is also counted on the hotel's location-day.
CREATE OR REPLACE FUNCTION stayperks_bump_location(p_location integer, p_day date, d_scans integer, d_coupons integer, d_redemptions integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO location_daily_stats AS s (location_id, day, scans, coupons, redemptions)
  VALUES (p_location, p_day, d_scans, d_coupons, d_redemptions)
  ON CONFLICT (location_id, day) DO UPDATE
    SET scans = s.scans + excluded.scans, coupons = s.coupons + excluded.coupons, redemptions = s.redemptions + excluded.redemptions;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stayperks_bump_hotel(p_hotel uuid, p_day date, d_scans integer, d_coupons integer, d_redemptions integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO hotel_daily_stats AS s (hotel_id, day, scans, coupons, redemptions)
  VALUES (p_hotel, p_day, d_scans, d_coupons, d_redemptions)
  ON CONFLICT (hotel_id, day) DO UPDATE
    SET scans = s.scans + excluded.scans, coupons = s.coupons + excluded.coupons, redemptions = s.redemptions + excluded.redemptions;
  INSERT INTO hotel_stats AS s (hotel_id, scans, coupons, redemptions)
  VALUES (p_hotel, d_scans, d_coupons, d_redemptions)
  ON CONFLICT (hotel_id) DO UPDATE
    SET scans = s.scans + excluded.scans, coupons = s.coupons + excluded.coupons, redemptions = s.redemptions + excluded.redemptions;
  PERFORM stayperks_bump_location((SELECT location_id FROM hotels WHERE id = p_hotel), p_day, d_scans, d_coupons, d_redemptions);
END $$;
--> statement-breakpoint
-- A hotel moved to another location takes its counted days with it.
CREATE OR REPLACE FUNCTION stayperks_hotels_move_location() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  d hotel_daily_stats;
BEGIN
  FOR d IN SELECT * FROM hotel_daily_stats WHERE hotel_id = NEW.id LOOP
    PERFORM stayperks_bump_location(OLD.location_id, d.day, -d.scans, -d.coupons, -d.redemptions);
    PERFORM stayperks_bump_location(NEW.location_id, d.day, d.scans, d.coupons, d.redemptions);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER hotels_move_location AFTER UPDATE OF location_id ON hotels
FOR EACH ROW WHEN (OLD.location_id IS DISTINCT FROM NEW.location_id) EXECUTE FUNCTION stayperks_hotels_move_location();
--> statement-breakpoint
INSERT INTO location_daily_stats (location_id, day, scans, coupons, redemptions)
SELECT h.location_id, d.day, sum(d.scans), sum(d.coupons), sum(d.redemptions)
FROM hotel_daily_stats d JOIN hotels h ON h.id = d.hotel_id GROUP BY 1, 2;
