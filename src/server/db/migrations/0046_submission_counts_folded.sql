-- The guest's submission counted when folded, as a redemption is since 0045 (README "Performance", round 10;
-- docs/DATA.md "Folded counts"). The submission upserted five rollups for the scan and its vouchers (the hotel's day
-- and total, the town's day, the merchants, the offers' months) in its own transaction; now it writes its scan's id to
-- scan_count_changes, and stayperks_fold_coupon_changes() counts those scans with their vouchers, summed per rollup
-- row, beside the coupons' changes. What stays in the submission: the card's claim and the caps (they refuse a guest,
-- so they must be exact at once) and the funnel's issued scan.
--
-- A scan is counted by its row and its vouchers as they are when folded. Deleting vouchers or a scan, or moving a scan,
-- folds first (0045's statement triggers), so nothing waiting is counted where it no longer is.
--
-- Rolling upgrade: CREATE TABLE and CREATE OR REPLACE FUNCTION (the same arguments) take no lock on the scans. A server
-- of the round before reads the rollups without folding: its screens lag by up to a newer server's fold interval.

CREATE TABLE IF NOT EXISTS scan_count_changes (
  scan_id uuid NOT NULL
) WITH (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 2000);
--> statement-breakpoint

-- 0045's fold, with the scans waiting counted after the coupons' changes, under the same lock.
CREATE OR REPLACE FUNCTION stayperks_fold_coupon_changes() RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  my_shard smallint := stayperks_session_shard();
  folded integer;
  folded_scans integer;
BEGIN
  PERFORM pg_advisory_xact_lock(2029, 0);
  WITH taken AS (
    DELETE FROM coupon_count_changes RETURNING *
  ), changes AS MATERIALIZED (
    SELECT t.merchant_id, t.offer_id, cs.hotel_id, h.location_id,
           t.was_redeemed::int AS o, t.now_redeemed::int AS n,
           (t.old_at AT TIME ZONE z.tz)::date AS old_day, (t.new_at AT TIME ZONE z.tz)::date AS new_day,
           t.old_bill, t.new_bill
      FROM taken t
      JOIN customer_scans cs ON cs.id = t.scan_id
      JOIN hotels h ON h.id = cs.hotel_id
      CROSS JOIN (SELECT coalesce((SELECT value FROM app_settings WHERE key = 'business_time_zone'), 'Asia/Kolkata') AS tz) z
  ), days AS MATERIALIZED (
    SELECT hotel_id, location_id, old_day AS day, -o AS delta FROM changes
    UNION ALL
    SELECT hotel_id, location_id, new_day, n FROM changes
  ), offer_month AS (
    INSERT INTO offer_monthly_stats AS t (offer_id, month, shard, redeemed, bill_total, bills_entered)
    SELECT d.offer_id, d.month, my_shard, sum(d.redeemed), sum(d.bill), sum(d.bills)
      FROM (SELECT offer_id, date_trunc('month', old_day)::date AS month, -o AS redeemed,
                   -coalesce(old_bill, 0) AS bill, -(old_bill IS NOT NULL)::int AS bills FROM changes
            UNION ALL
            SELECT offer_id, date_trunc('month', new_day)::date, n, coalesce(new_bill, 0), (new_bill IS NOT NULL)::int
              FROM changes) d
     GROUP BY d.offer_id, d.month HAVING sum(d.redeemed) <> 0 OR sum(d.bill) <> 0 OR sum(d.bills) <> 0
     ORDER BY 1, 2
    ON CONFLICT (offer_id, month, shard) DO UPDATE
      SET redeemed = t.redeemed + excluded.redeemed, bill_total = t.bill_total + excluded.bill_total,
          bills_entered = t.bills_entered + excluded.bills_entered
  ), pair AS (
    INSERT INTO hotel_merchant_stats AS t (hotel_id, merchant_id, shard, redemptions)
    SELECT hotel_id, merchant_id, my_shard, sum(n - o) FROM changes
     GROUP BY hotel_id, merchant_id HAVING sum(n - o) <> 0 ORDER BY 1, 2
    ON CONFLICT (hotel_id, merchant_id, shard) DO UPDATE SET redemptions = t.redemptions + excluded.redemptions
  ), merchant_total AS (
    INSERT INTO merchant_stats AS t (merchant_id, shard, redemptions)
    SELECT merchant_id, my_shard, sum(n - o) FROM changes GROUP BY merchant_id HAVING sum(n - o) <> 0 ORDER BY 1
    ON CONFLICT (merchant_id, shard) DO UPDATE SET redemptions = t.redemptions + excluded.redemptions
  ), location_day AS (
    INSERT INTO location_daily_stats AS t (location_id, day, shard, redemptions)
    SELECT location_id, day, my_shard, sum(delta) FROM days GROUP BY location_id, day HAVING sum(delta) <> 0
     ORDER BY 1, 2
    ON CONFLICT (location_id, day, shard) DO UPDATE SET redemptions = t.redemptions + excluded.redemptions
  ), hotel_total AS (
    INSERT INTO hotel_stats AS t (hotel_id, shard, redemptions, spend)
    SELECT hotel_id, my_shard, sum(n - o), sum(coalesce(new_bill, 0) - coalesce(old_bill, 0)) FROM changes
     GROUP BY hotel_id HAVING sum(n - o) <> 0 OR sum(coalesce(new_bill, 0) - coalesce(old_bill, 0)) <> 0 ORDER BY 1
    ON CONFLICT (hotel_id, shard) DO UPDATE
      SET redemptions = t.redemptions + excluded.redemptions, spend = t.spend + excluded.spend
  ), hotel_day AS (
    INSERT INTO hotel_daily_stats AS t (hotel_id, day, shard, redemptions)
    SELECT hotel_id, day, my_shard, sum(delta) FROM days GROUP BY hotel_id, day HAVING sum(delta) <> 0 ORDER BY 1, 2
    ON CONFLICT (hotel_id, day, shard) DO UPDATE SET redemptions = t.redemptions + excluded.redemptions
  )
  SELECT count(*) INTO folded FROM changes;

  -- New scans and their vouchers, as the insert triggers count them: the scan and its vouchers on the scan's day in
  -- its hotel and town, the vouchers in their merchants' totals and their offers' months.
  WITH taken AS (
    DELETE FROM scan_count_changes RETURNING scan_id
  ), scans AS MATERIALIZED (
    SELECT s.id, s.hotel_id, h.location_id, (s.scan_date AT TIME ZONE z.tz)::date AS day,
           (SELECT count(*) FROM coupons c WHERE c.scan_id = s.id)::int AS coupons
      FROM taken t
      JOIN customer_scans s ON s.id = t.scan_id
      JOIN hotels h ON h.id = s.hotel_id
      CROSS JOIN (SELECT coalesce((SELECT value FROM app_settings WHERE key = 'business_time_zone'), 'Asia/Kolkata') AS tz) z
  ), issued AS MATERIALIZED (
    SELECT c.offer_id, c.merchant_id, date_trunc('month', s.day)::date AS month
      FROM scans s JOIN coupons c ON c.scan_id = s.id
  ), offer_month AS (
    INSERT INTO offer_monthly_stats AS t (offer_id, month, shard, issued)
    SELECT offer_id, month, my_shard, count(*)::int FROM issued GROUP BY offer_id, month ORDER BY 1, 2
    ON CONFLICT (offer_id, month, shard) DO UPDATE SET issued = t.issued + excluded.issued
  ), merchant_total AS (
    INSERT INTO merchant_stats AS t (merchant_id, shard, coupons)
    SELECT merchant_id, my_shard, count(*)::int FROM issued GROUP BY merchant_id ORDER BY 1
    ON CONFLICT (merchant_id, shard) DO UPDATE SET coupons = t.coupons + excluded.coupons
  ), location_day AS (
    INSERT INTO location_daily_stats AS t (location_id, day, shard, scans, coupons)
    SELECT location_id, day, my_shard, count(*)::int, sum(coupons)::int FROM scans GROUP BY location_id, day ORDER BY 1, 2
    ON CONFLICT (location_id, day, shard) DO UPDATE SET scans = t.scans + excluded.scans, coupons = t.coupons + excluded.coupons
  ), hotel_total AS (
    INSERT INTO hotel_stats AS t (hotel_id, shard, scans, coupons)
    SELECT hotel_id, my_shard, count(*)::int, sum(coupons)::int FROM scans GROUP BY hotel_id ORDER BY 1
    ON CONFLICT (hotel_id, shard) DO UPDATE SET scans = t.scans + excluded.scans, coupons = t.coupons + excluded.coupons
  ), hotel_day AS (
    INSERT INTO hotel_daily_stats AS t (hotel_id, day, shard, scans, coupons)
    SELECT hotel_id, day, my_shard, count(*)::int, sum(coupons)::int FROM scans GROUP BY hotel_id, day ORDER BY 1, 2
    ON CONFLICT (hotel_id, day, shard) DO UPDATE SET scans = t.scans + excluded.scans, coupons = t.coupons + excluded.coupons
  )
  SELECT count(*) INTO folded_scans FROM scans;
  RETURN folded + folded_scans;
END $$;
--> statement-breakpoint

-- 0044's submission with its rollups statement replaced by the claim, the funnel and the change row.
CREATE OR REPLACE FUNCTION stayperks_submit_scan(
  p_hotel uuid, p_name text, p_mobile text, p_checkout date, p_key text, p_consent_version text,
  p_marketing boolean, p_reminders boolean, p_language text, p_verified boolean, p_verified_only boolean,
  p_card_token text, p_today date, p_day_start timestamptz,
  p_offers uuid[], p_merchants uuid[], p_codes text[],
  p_rule_days integer[], p_rule_by_merchant boolean[], p_rules_since timestamptz
) RETURNS jsonb
LANGUAGE plpgsql
-- Its statements' plans are made once per connection and kept: left to choose, PostgreSQL plans several of them
-- again on every call (their parameters are arrays), which cost a third of the function's time (pgbench, scale 1).
-- Every statement here reads by a unique or a selective index whatever the values.
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  ruled boolean := array_remove(p_rule_days, NULL) <> '{}';
  state record;
  refused record;
  cap record;
  v_scan record;
  v_scan_day date;
  claimed boolean;
  capped boolean;
BEGIN
  -- Each statement costs its own executor start and snapshot, so the reads after the locks are one statement, the
  -- scan and its vouchers another, the claims with the funnel and the change row a third, and the caps a fourth.
  PERFORM CASE WHEN ruled THEN pg_advisory_xact_lock(hashtextextended('guest:' || p_mobile, 0)) END,
          pg_advisory_xact_lock(hashtextextended('scan:' || p_hotel || ':' || p_mobile, 0));

  -- After the locks (a new snapshot): an earlier scan with the key, the card, an open stay, the business time zone.
  SELECT e.id AS earlier_id, e.hotel_id AS earlier_hotel, e.mobile_number AS earlier_mobile,
         c.placement_id, c.usable, c.day_limit, c.claims,
         EXISTS (SELECT 1 FROM customer_scans s
                  WHERE s.hotel_id = p_hotel AND s.mobile_number = p_mobile AND s.checkout_date >= p_today
                    AND (NOT p_verified_only OR s.verified)) AS open_stay,
         coalesce((SELECT value FROM app_settings WHERE key = 'business_time_zone'), 'Asia/Kolkata') AS tz
    INTO state
    FROM (SELECT 1) one
    LEFT JOIN LATERAL (
      SELECT s.id, s.hotel_id, s.mobile_number FROM customer_scans s WHERE s.idempotency_key = p_key LIMIT 1
    ) e ON true
    LEFT JOIN LATERAL (
      SELECT NULL::uuid AS placement_id, h.hotel_link_enabled AS usable, h.hotel_link_daily_limit AS day_limit,
             coalesce(d.claims, 0) AS claims
        FROM hotels h LEFT JOIN hotel_link_day_claims d ON d.hotel_id = h.id AND d.day = p_today
       WHERE p_card_token IS NULL AND h.id = p_hotel
      UNION ALL
      SELECT p.id, (p.is_active AND t.retired_at IS NULL), h.placement_daily_limit, coalesce(d.claims, 0)
        FROM placement_tokens t
        JOIN placements p ON p.id = t.placement_id
        JOIN hotels h ON h.id = p.hotel_id
        LEFT JOIN placement_day_claims d ON d.placement_id = p.id AND d.day = p_today
       WHERE p_card_token IS NOT NULL AND t.token = p_card_token AND p.hotel_id = p_hotel
    ) c ON true;
  IF state.earlier_id IS NOT NULL THEN
    RETURN jsonb_build_object('earlier', state.earlier_id, 'hotel_id', state.earlier_hotel,
                              'mobile', state.earlier_mobile);
  END IF;
  IF state.usable IS NOT TRUE THEN RETURN jsonb_build_object('refused', 'card_inactive'); END IF;
  IF state.claims >= state.day_limit THEN RETURN jsonb_build_object('refused', 'card_full'); END IF;
  IF state.open_stay THEN RETURN jsonb_build_object('refused', 'already_collected'); END IF;

  IF ruled THEN
    SELECT o.offer_id, o.days INTO refused
      FROM unnest(p_offers, p_merchants, p_rule_days, p_rule_by_merchant) WITH ORDINALITY
           AS o(offer_id, merchant_id, days, by_merchant, n)
     WHERE o.days IS NOT NULL AND EXISTS (
       SELECT 1 FROM customer_scans s JOIN coupons c ON c.scan_id = s.id
        WHERE s.mobile_number = p_mobile AND c.cancelled_at IS NULL AND c.created_at >= p_rules_since
          AND (c.created_at AT TIME ZONE state.tz)::date >= p_today - (o.days - 1)
          AND CASE WHEN o.by_merchant THEN c.merchant_id = o.merchant_id ELSE c.offer_id = o.offer_id END)
     ORDER BY o.n LIMIT 1;
    IF FOUND THEN
      RETURN jsonb_build_object('refused', 'frequency', 'offer_id', refused.offer_id, 'days', refused.days);
    END IF;
  END IF;

  -- The scan and its vouchers in one statement, counted below instead of by the insert triggers: the setting is on
  -- (`flag`, read by the scan's insert, so it comes first) when the statement's triggers fire at its end.
  WITH flag AS MATERIALIZED (
    SELECT set_config('stayperks.rollups_by_caller', 'on', true)
  ), scan AS (
    INSERT INTO customer_scans (hotel_id, customer_name, mobile_number, checkout_date, idempotency_key, consent_version,
      consented_at, marketing_opt_in, verified, placement_id, reminders_opt_in, language)
    SELECT p_hotel, p_name, p_mobile, p_checkout, p_key, p_consent_version, now(), p_marketing, p_verified,
      state.placement_id, p_reminders, p_language
      FROM flag
    RETURNING id, scan_date
  ), inserted AS (
    INSERT INTO coupons (scan_id, offer_id, merchant_id, code)
    SELECT scan.id, d.offer_id, d.merchant_id, d.code
      FROM scan, unnest(p_offers, p_merchants, p_codes) AS d(offer_id, merchant_id, code)
    ON CONFLICT (code) DO NOTHING
    RETURNING id, offer_id, code
  )
  SELECT scan.id, scan.scan_date,
         (SELECT jsonb_agg(jsonb_build_object('id', i.id, 'offerId', i.offer_id, 'code', i.code)) FROM inserted i) AS issued,
         (SELECT count(*) FROM inserted)::int AS n_issued
    INTO v_scan FROM scan;
  PERFORM set_config('stayperks.rollups_by_caller', '', true);
  IF v_scan.n_issued < cardinality(p_offers) THEN
    -- The offers left without a voucher, so the server draws again for those only.
    RAISE EXCEPTION USING ERRCODE = 'SPCOD', MESSAGE = (
      SELECT string_agg(o::text, ',') FROM unnest(p_offers) o
       WHERE NOT coalesce(v_scan.issued, '[]') @> jsonb_build_array(jsonb_build_object('offerId', o)));
  END IF;

  -- The card's claim of today, which goes up unless it reached the hotel's limit, the funnel's issued scan, and the
  -- scan's change row: the rollups (the hotel's day and total, the town's day, the merchants, the offers' months) count
  -- it when folded (stayperks_fold_coupon_changes). Whether a picked offer has a cap is read here too, after the
  -- vouchers' insert (offer-usage.ts syncCapUsage: why that makes the caps exact), so an offer without caps (most)
  -- costs no caps statement.
  v_scan_day := (v_scan.scan_date AT TIME ZONE state.tz)::date;
  WITH link_claim AS (
    INSERT INTO hotel_link_day_claims AS d (hotel_id, day, claims)
    SELECT p_hotel, p_today, 1 WHERE state.placement_id IS NULL
    ON CONFLICT (hotel_id, day) DO UPDATE SET claims = d.claims + 1 WHERE d.claims < state.day_limit
    RETURNING 1
  ), card_claim AS (
    INSERT INTO placement_day_claims AS d (placement_id, day, claims)
    SELECT state.placement_id, p_today, 1 WHERE state.placement_id IS NOT NULL
    ON CONFLICT (placement_id, day) DO UPDATE SET claims = d.claims + 1 WHERE d.claims < state.day_limit
    RETURNING 1
  ), funnel AS (
    INSERT INTO funnel_daily_stats AS t (hotel_id, placement_id, day, shard, issued)
    VALUES (p_hotel, state.placement_id, v_scan_day,
            CASE WHEN v_scan_day < (clock_timestamp() AT TIME ZONE state.tz)::date THEN 0 ELSE stayperks_counter_shard() END, 1)
    ON CONFLICT (hotel_id, placement_id, day, shard) DO UPDATE SET issued = t.issued + excluded.issued
  )
  INSERT INTO scan_count_changes (scan_id) VALUES (v_scan.id)
  RETURNING EXISTS (SELECT 1 FROM link_claim UNION ALL SELECT 1 FROM card_claim),
            EXISTS (SELECT 1 FROM offers o
                     WHERE o.id = ANY (p_offers) AND (o.total_cap IS NOT NULL OR o.daily_cap IS NOT NULL))
    INTO claimed, capped;
  IF NOT claimed THEN
    RAISE EXCEPTION USING ERRCODE = 'SPCRD', MESSAGE = 'the card''s limit for today is reached';
  END IF;
  IF NOT capped THEN
    RETURN jsonb_build_object('scan_id', v_scan.id, 'issued', v_scan.issued);
  END IF;

  -- The caps (docs/DATA.md "Offer caps"). Each capped offer's count goes up by one unless it is full (a count met for
  -- the first time starts from the vouchers there are, these included). One full: everything rolls back.
  WITH capped AS (
    SELECT o.id, o.total_cap, o.daily_cap FROM offers o
     WHERE o.id = ANY (p_offers) AND (o.total_cap IS NOT NULL OR o.daily_cap IS NOT NULL)
  ), total AS (
    INSERT INTO offer_cap_usage AS u (offer_id, issued)
    SELECT c.id, CASE WHEN EXISTS (SELECT 1 FROM offer_cap_usage x WHERE x.offer_id = c.id) THEN 1
      ELSE (SELECT count(*) FROM coupons k WHERE k.offer_id = c.id AND k.cancelled_at IS NULL)::int END
    FROM capped c WHERE c.total_cap IS NOT NULL ORDER BY c.id
    ON CONFLICT (offer_id) DO UPDATE SET issued = u.issued + 1
      WHERE u.issued < (SELECT o.total_cap FROM offers o WHERE o.id = excluded.offer_id)
    RETURNING u.offer_id, u.issued
  ), daily AS (
    INSERT INTO offer_day_usage AS d (offer_id, day, issued)
    SELECT c.id, p_today, CASE
      WHEN EXISTS (SELECT 1 FROM offer_day_usage x WHERE x.offer_id = c.id AND x.day = p_today) THEN 1
      ELSE (SELECT count(*) FROM coupons k
             WHERE k.offer_id = c.id AND k.cancelled_at IS NULL AND k.created_at >= p_day_start)::int END
    FROM capped c WHERE c.daily_cap IS NOT NULL ORDER BY c.id
    ON CONFLICT (offer_id, day) DO UPDATE SET issued = d.issued + 1
      WHERE d.issued < (SELECT o.daily_cap FROM offers o WHERE o.id = excluded.offer_id)
    RETURNING d.offer_id, d.issued
  ), counted AS (
    SELECT c.id, c.total_cap, c.daily_cap, t.issued AS total_issued, y.issued AS day_issued
      FROM capped c LEFT JOIN total t ON t.offer_id = c.id LEFT JOIN daily y ON y.offer_id = c.id
  )
  SELECT (SELECT c.id FROM counted c
           WHERE (c.total_cap IS NOT NULL AND (c.total_issued IS NULL OR c.total_issued > c.total_cap))
              OR (c.daily_cap IS NOT NULL AND (c.day_issued IS NULL OR c.day_issued > c.daily_cap))
           ORDER BY array_position(p_offers, c.id) LIMIT 1) AS full_offer,
         EXISTS (SELECT 1 FROM counted c WHERE c.total_issued = c.total_cap OR c.day_issued = c.daily_cap) AS filled
    INTO cap;
  IF cap.full_offer IS NOT NULL THEN RAISE EXCEPTION USING ERRCODE = 'SPCAP', MESSAGE = cap.full_offer::text; END IF;
  -- A cap just filled: the guest lists drop the offer at once.
  IF cap.filled THEN UPDATE catalogue_version SET version = version + 1 WHERE id = 1; END IF;

  RETURN jsonb_build_object('scan_id', v_scan.id, 'issued', v_scan.issued);
END $$;
