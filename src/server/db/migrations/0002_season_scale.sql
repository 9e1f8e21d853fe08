CREATE TABLE "catalogue_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "catalogue_version_single_row" CHECK ("catalogue_version"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "hotel_daily_stats" (
	"hotel_id" uuid NOT NULL,
	"day" date NOT NULL,
	"scans" integer DEFAULT 0 NOT NULL,
	"coupons" integer DEFAULT 0 NOT NULL,
	"redemptions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "hotel_daily_stats_hotel_id_day_pk" PRIMARY KEY("hotel_id","day")
);
--> statement-breakpoint
CREATE TABLE "hotel_stats" (
	"hotel_id" uuid PRIMARY KEY NOT NULL,
	"scans" integer DEFAULT 0 NOT NULL,
	"coupons" integer DEFAULT 0 NOT NULL,
	"redemptions" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_stats" (
	"merchant_id" uuid PRIMARY KEY NOT NULL,
	"coupons" integer DEFAULT 0 NOT NULL,
	"redemptions" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"job" text NOT NULL,
	"slot" text NOT NULL,
	"claimed_by" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "job_runs_job_slot_pk" PRIMARY KEY("job","slot")
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"folder" text NOT NULL,
	"name" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_folder_name_pk" PRIMARY KEY("folder","name")
);
--> statement-breakpoint
DROP INDEX "customer_scans_date_idx";--> statement-breakpoint
ALTER TABLE "hotel_daily_stats" ADD CONSTRAINT "hotel_daily_stats_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_stats" ADD CONSTRAINT "hotel_stats_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_stats" ADD CONSTRAINT "merchant_stats_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hotel_daily_stats_day_idx" ON "hotel_daily_stats" USING btree ("day","hotel_id");--> statement-breakpoint
CREATE INDEX "customer_scans_date_id_idx" ON "customer_scans" USING btree ("scan_date","id");--> statement-breakpoint
CREATE INDEX "customer_scans_hotel_date_idx" ON "customer_scans" USING btree ("hotel_id","scan_date","id");--> statement-breakpoint
CREATE INDEX "customer_scans_name_trgm_idx" ON "customer_scans" USING gin ("customer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customer_scans_mobile_trgm_idx" ON "customer_scans" USING gin ("mobile_number" gin_trgm_ops);