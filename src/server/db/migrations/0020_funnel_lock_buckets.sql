-- The funnel's per-scan advisory lock (0019) took one lock per scan a statement touched: a statement changing the
-- coupons of thousands of scans at once (a bulk repair, a restore's fix-up, resetting a benchmark) ran out of the lock
-- table ("out of shared memory"). Scans now share 256 lock buckets: a transaction holds at most 256 such locks, and
-- a statement takes them in bucket order, so two bulk statements cannot deadlock on them. Two redemptions of
-- different scans in one bucket wait for each other's commit, which is rare at 256 buckets and short.
CREATE OR REPLACE FUNCTION stayperks_funnel_lock_bucket(p_scan uuid) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$ SELECT hashtext(p_scan::text) & 255 $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stayperks_funnel_scan_redeemed(p_scan uuid, delta integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  s record;
  now_redeemed integer;
BEGIN
  PERFORM pg_advisory_xact_lock(2027, stayperks_funnel_lock_bucket(p_scan));
  SELECT hotel_id, placement_id, stayperks_business_day(scan_date) AS day INTO s FROM customer_scans WHERE id = p_scan;
  IF NOT FOUND THEN RETURN; END IF;
  SELECT count(*)::int INTO now_redeemed FROM coupons WHERE scan_id = p_scan AND is_redeemed;
  IF (now_redeemed > 0) <> (now_redeemed - delta > 0) THEN
    PERFORM stayperks_bump_funnel(s.hotel_id, s.placement_id, s.day, 0, 0, 0, CASE WHEN now_redeemed > 0 THEN 1 ELSE -1 END, 0, 0);
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stayperks_funnel_coupons_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR r IN SELECT scan_id, count(*)::int AS d FROM new_rows WHERE is_redeemed GROUP BY 1 ORDER BY stayperks_funnel_lock_bucket(scan_id), 1 LOOP
      PERFORM stayperks_funnel_scan_redeemed(r.scan_id, r.d);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR r IN SELECT scan_id, -count(*)::int AS d FROM old_rows WHERE is_redeemed GROUP BY 1 ORDER BY stayperks_funnel_lock_bucket(scan_id), 1 LOOP
      PERFORM stayperks_funnel_scan_redeemed(r.scan_id, r.d);
    END LOOP;
  ELSE
    FOR r IN SELECT scan_id, sum(d)::int AS d FROM (
               SELECT scan_id, 1 AS d FROM new_rows WHERE is_redeemed
               UNION ALL SELECT scan_id, -1 FROM old_rows WHERE is_redeemed
             ) x GROUP BY 1 HAVING sum(d) <> 0 ORDER BY stayperks_funnel_lock_bucket(scan_id), 1 LOOP
      PERFORM stayperks_funnel_scan_redeemed(r.scan_id, r.d);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
