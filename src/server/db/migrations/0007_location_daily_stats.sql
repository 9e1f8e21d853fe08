CREATE TABLE "location_daily_stats" (
	"location_id" integer NOT NULL,
	"day" date NOT NULL,
	"scans" integer DEFAULT 0 NOT NULL,
	"coupons" integer DEFAULT 0 NOT NULL,
	"redemptions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "location_daily_stats_location_id_day_pk" PRIMARY KEY("location_id","day")
);
--> statement-breakpoint
ALTER TABLE "location_daily_stats" ADD CONSTRAINT "location_daily_stats_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "location_daily_stats_day_idx" ON "location_daily_stats" USING btree ("day","location_id");