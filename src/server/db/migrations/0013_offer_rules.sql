CREATE TABLE "offer_cap_usage" (
	"offer_id" uuid PRIMARY KEY NOT NULL,
	"issued" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "offer_cap_usage_issued_check" CHECK ("offer_cap_usage"."issued" >= 0)
);
--> statement-breakpoint
CREATE TABLE "offer_day_usage" (
	"offer_id" uuid NOT NULL,
	"day" date NOT NULL,
	"issued" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "offer_day_usage_offer_id_day_pk" PRIMARY KEY("offer_id","day"),
	CONSTRAINT "offer_day_usage_issued_check" CHECK ("offer_day_usage"."issued" >= 0)
);
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "per_guest_days" integer;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "total_cap" integer;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "daily_cap" integer;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "redeem_weekdays" smallint[];--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "blackout_dates" jsonb;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "min_bill" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "max_party" integer;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "per_guest_days" integer;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "is_paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "override_reason" text;--> statement-breakpoint
ALTER TABLE "offer_cap_usage" ADD CONSTRAINT "offer_cap_usage_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_day_usage" ADD CONSTRAINT "offer_day_usage_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_per_guest_days_check" CHECK ("merchants"."per_guest_days" between 1 and 365);--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_total_cap_check" CHECK ("offers"."total_cap" >= 1);--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_daily_cap_check" CHECK ("offers"."daily_cap" >= 1 and "offers"."daily_cap" <= coalesce("offers"."total_cap", "offers"."daily_cap"));--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_per_guest_days_check" CHECK ("offers"."per_guest_days" between 1 and 365);--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_max_party_check" CHECK ("offers"."max_party" >= 1);--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_min_bill_check" CHECK ("offers"."min_bill" >= 0);