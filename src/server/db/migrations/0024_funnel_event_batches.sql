CREATE TABLE "funnel_address_calls" (
	"day" date NOT NULL,
	"hash" text NOT NULL,
	"calls" integer NOT NULL,
	CONSTRAINT "funnel_address_calls_day_hash_pk" PRIMARY KEY("day","hash")
);
--> statement-breakpoint
ALTER TABLE "funnel_address_calls" ADD CONSTRAINT "funnel_address_calls_day_funnel_day_keys_day_fk" FOREIGN KEY ("day") REFERENCES "public"."funnel_day_keys"("day") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The guest page's events are written in batches (modules/funnel/event-batches.ts): one statement inserts many, so
-- the rollup is moved once per statement, one row per hotel, card and day of the batch, instead of once per event.
DROP TRIGGER IF EXISTS funnel_events_rollup ON funnel_events;
--> statement-breakpoint
DROP FUNCTION IF EXISTS stayperks_funnel_event_inserted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stayperks_funnel_events_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT hotel_id, placement_id, day,
      count(*) FILTER (WHERE kind = 'page_open')::int AS opens,
      count(*) FILTER (WHERE kind = 'details_entered')::int AS details,
      count(*) FILTER (WHERE kind = 'review_tap')::int AS review_taps,
      count(*) FILTER (WHERE kind = 'share')::int AS shares
    FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3 LOOP
    PERFORM stayperks_bump_funnel(r.hotel_id, r.placement_id, r.day, r.opens, r.details, 0, 0, r.review_taps, r.shares);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER funnel_events_rollup AFTER INSERT ON funnel_events REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stayperks_funnel_events_inserted();
