CREATE TABLE "hotel_review_stats" (
	"hotel_id" uuid PRIMARY KEY NOT NULL,
	"latest_total" integer,
	"latest_rating" numeric(3, 2),
	"latest_at" timestamp with time zone NOT NULL,
	"latest_day" date NOT NULL,
	"day_first_total" integer,
	"month_first_total" integer,
	"month_first_rating" numeric(3, 2)
);
--> statement-breakpoint
ALTER TABLE "hotel_review_stats" ADD CONSTRAINT "hotel_review_stats_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;