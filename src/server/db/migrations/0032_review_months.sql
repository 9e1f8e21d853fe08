CREATE TABLE "hotel_review_months" (
	"hotel_id" uuid NOT NULL,
	"month" date NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"first_total" integer,
	"first_rating" numeric(3, 2),
	"last_at" timestamp with time zone NOT NULL,
	"last_total" integer,
	"last_rating" numeric(3, 2),
	CONSTRAINT "hotel_review_months_hotel_id_month_pk" PRIMARY KEY("hotel_id","month")
);
--> statement-breakpoint
ALTER TABLE "hotel_review_months" ADD CONSTRAINT "hotel_review_months_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;