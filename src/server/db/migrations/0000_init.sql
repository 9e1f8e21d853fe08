CREATE TABLE "contact_info" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"mobile_number" text NOT NULL,
	"service_helpline" text,
	"mail_support" text,
	"technical_support" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"thumbnail_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_durations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"months" integer NOT NULL,
	CONSTRAINT "subscription_durations_name_unique" UNIQUE("name"),
	CONSTRAINT "subscription_durations_months_unique" UNIQUE("months")
);
--> statement-breakpoint
CREATE TABLE "hotels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"location_id" integer NOT NULL,
	"address" text NOT NULL,
	"contact_number" text NOT NULL,
	"contact_person" text NOT NULL,
	"logo_url" text,
	"google_link" text,
	"google_place_id" text,
	"subscription_duration_id" integer,
	"subscription_revenue" numeric(12, 2) DEFAULT 0 NOT NULL,
	"contract_url" text,
	"payment_screenshot_url" text,
	"offer_selection_type" text DEFAULT 'all' NOT NULL,
	"selected_merchant_types" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"qr_code_url" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"renewal_count" integer DEFAULT 0 NOT NULL,
	"subscription_end" date,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "review_snapshots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hotel_id" uuid NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"total_reviews" integer,
	"rating" numeric(3, 2)
);
--> statement-breakpoint
CREATE TABLE "subscription_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hotel_id" uuid NOT NULL,
	"subscription_duration_id" integer NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"amount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_renewal" boolean DEFAULT false NOT NULL,
	"contract_url" text,
	"payment_screenshot_url" text
);
--> statement-breakpoint
CREATE TABLE "merchants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"merchant_type_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"contact_number" text NOT NULL,
	"store_contact_number" text,
	"address" text NOT NULL,
	"location_link" text,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"offer_name" text NOT NULL,
	"offer_type" text DEFAULT 'percentage' NOT NULL,
	"offer_value" numeric(12, 2) DEFAULT 0 NOT NULL,
	"terms_conditions" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"opening_hours" time,
	"closing_hours" time,
	"validity_from" date NOT NULL,
	"validity_to" date NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"images" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scan_id" uuid NOT NULL,
	"offer_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"code" text NOT NULL,
	"is_redeemed" boolean DEFAULT false NOT NULL,
	"redeemed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hotel_id" uuid NOT NULL,
	"customer_name" text NOT NULL,
	"mobile_number" text NOT NULL,
	"checkout_date" date NOT NULL,
	"scan_date" timestamp with time zone DEFAULT now() NOT NULL,
	"idempotency_key" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"user_type" text NOT NULL,
	"role" text,
	"email" text,
	"full_name" text,
	"hotel_id" uuid,
	"merchant_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hotels" ADD CONSTRAINT "hotels_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotels" ADD CONSTRAINT "hotels_subscription_duration_id_subscription_durations_id_fk" FOREIGN KEY ("subscription_duration_id") REFERENCES "public"."subscription_durations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_snapshots" ADD CONSTRAINT "review_snapshots_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_periods" ADD CONSTRAINT "subscription_periods_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_periods" ADD CONSTRAINT "subscription_periods_subscription_duration_id_subscription_durations_id_fk" FOREIGN KEY ("subscription_duration_id") REFERENCES "public"."subscription_durations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_merchant_type_id_merchant_types_id_fk" FOREIGN KEY ("merchant_type_id") REFERENCES "public"."merchant_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_scan_id_customer_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."customer_scans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_scans" ADD CONSTRAINT "customer_scans_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "locations_name_lower_uq" ON "locations" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_types_name_lower_uq" ON "merchant_types" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "hotels_location_idx" ON "hotels" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "hotels_created_idx" ON "hotels" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "review_snapshots_hotel_time_idx" ON "review_snapshots" USING btree ("hotel_id","fetched_at");--> statement-breakpoint
CREATE INDEX "subscription_periods_hotel_idx" ON "subscription_periods" USING btree ("hotel_id","to_date");--> statement-breakpoint
CREATE INDEX "subscription_periods_paid_idx" ON "subscription_periods" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "subscription_periods_to_idx" ON "subscription_periods" USING btree ("to_date");--> statement-breakpoint
CREATE INDEX "merchants_location_idx" ON "merchants" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "merchants_type_idx" ON "merchants" USING btree ("merchant_type_id");--> statement-breakpoint
CREATE INDEX "offers_merchant_idx" ON "offers" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "offers_validity_idx" ON "offers" USING btree ("validity_to");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_uq" ON "coupons" USING btree ("code");--> statement-breakpoint
CREATE INDEX "coupons_scan_idx" ON "coupons" USING btree ("scan_id");--> statement-breakpoint
CREATE INDEX "coupons_merchant_redeemed_idx" ON "coupons" USING btree ("merchant_id","redeemed_at");--> statement-breakpoint
CREATE INDEX "coupons_offer_idx" ON "coupons" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "customer_scans_hotel_mobile_idx" ON "customer_scans" USING btree ("hotel_id","mobile_number","checkout_date");--> statement-breakpoint
CREATE INDEX "customer_scans_date_idx" ON "customer_scans" USING btree ("scan_date");--> statement-breakpoint
CREATE INDEX "customer_scans_mobile_idx" ON "customer_scans" USING btree ("mobile_number");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_scans_idempotency_uq" ON "customer_scans" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_uq" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "users_hotel_idx" ON "users" USING btree ("hotel_id");--> statement-breakpoint
CREATE INDEX "users_merchant_idx" ON "users" USING btree ("merchant_id");