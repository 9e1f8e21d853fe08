CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"kind" text NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"hotel_id" uuid,
	"scan_id" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_by" text,
	"claimed_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"provider_message_id" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_attempts_check" CHECK ("messages"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "messaging_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"codes_per_hotel_day" integer DEFAULT 200 NOT NULL,
	"codes_per_day" integer DEFAULT 2000 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messaging_settings_one_row" CHECK ("messaging_settings"."id" = 1),
	CONSTRAINT "messaging_settings_codes_check" CHECK ("messaging_settings"."codes_per_hotel_day" >= 0 and "messaging_settings"."codes_per_day" >= 0)
);
--> statement-breakpoint
CREATE TABLE "hotel_link_day_claims" (
	"hotel_id" uuid NOT NULL,
	"day" date NOT NULL,
	"claims" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "hotel_link_day_claims_hotel_id_day_pk" PRIMARY KEY("hotel_id","day"),
	CONSTRAINT "hotel_link_day_claims_check" CHECK ("hotel_link_day_claims"."claims" >= 0)
);
--> statement-breakpoint
CREATE TABLE "placement_day_claims" (
	"placement_id" uuid NOT NULL,
	"day" date NOT NULL,
	"claims" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "placement_day_claims_placement_id_day_pk" PRIMARY KEY("placement_id","day"),
	CONSTRAINT "placement_day_claims_check" CHECK ("placement_day_claims"."claims" >= 0)
);
--> statement-breakpoint
CREATE TABLE "placement_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"placement_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "placements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hotel_id" uuid NOT NULL,
	"label" text NOT NULL,
	"kind" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mobile_number" text NOT NULL,
	"purpose" text NOT NULL,
	"hotel_id" uuid,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verification_codes_tries_check" CHECK ("verification_codes"."tries" between 0 and 5),
	CONSTRAINT "verification_codes_hotel_check" CHECK (("verification_codes"."purpose" = 'my_data') = ("verification_codes"."hotel_id" is null))
);
--> statement-breakpoint
CREATE TABLE "verification_day_sends" (
	"scope" text NOT NULL,
	"day" date NOT NULL,
	"sends" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "verification_day_sends_scope_day_pk" PRIMARY KEY("scope","day"),
	CONSTRAINT "verification_day_sends_check" CHECK ("verification_day_sends"."sends" >= 0)
);
--> statement-breakpoint
ALTER TABLE "customer_scans" ADD COLUMN "placement_id" uuid;--> statement-breakpoint
ALTER TABLE "customer_scans" ADD COLUMN "verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "hotels" ADD COLUMN "phone_verification" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "hotels" ADD COLUMN "hotel_link_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "hotels" ADD COLUMN "placement_daily_limit" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "hotels" ADD COLUMN "hotel_link_daily_limit" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_scan_id_customer_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."customer_scans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_link_day_claims" ADD CONSTRAINT "hotel_link_day_claims_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_day_claims" ADD CONSTRAINT "placement_day_claims_placement_id_placements_id_fk" FOREIGN KEY ("placement_id") REFERENCES "public"."placements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_tokens" ADD CONSTRAINT "placement_tokens_placement_id_placements_id_fk" FOREIGN KEY ("placement_id") REFERENCES "public"."placements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_subject_kind_key_uq" ON "messages" USING btree ("subject","kind","key");--> statement-breakpoint
CREATE INDEX "messages_due_idx" ON "messages" USING btree ("status","next_attempt_at") WHERE "messages"."status" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "messages_recipient_idx" ON "messages" USING btree ("recipient");--> statement-breakpoint
CREATE INDEX "messages_scan_idx" ON "messages" USING btree ("scan_id") WHERE "messages"."scan_id" is not null;--> statement-breakpoint
CREATE INDEX "messages_created_idx" ON "messages" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "placement_tokens_current_uq" ON "placement_tokens" USING btree ("placement_id") WHERE "placement_tokens"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "placement_tokens_placement_idx" ON "placement_tokens" USING btree ("placement_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "placements_hotel_label_uq" ON "placements" USING btree ("hotel_id","label");--> statement-breakpoint
CREATE INDEX "verification_codes_mobile_created_idx" ON "verification_codes" USING btree ("mobile_number","created_at");--> statement-breakpoint
CREATE INDEX "verification_codes_created_idx" ON "verification_codes" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "customer_scans" ADD CONSTRAINT "customer_scans_placement_id_placements_id_fk" FOREIGN KEY ("placement_id") REFERENCES "public"."placements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_scans_placement_date_idx" ON "customer_scans" USING btree ("placement_id","scan_date") WHERE "customer_scans"."placement_id" is not null;--> statement-breakpoint
ALTER TABLE "hotels" ADD CONSTRAINT "hotels_placement_daily_limit_check" CHECK ("hotels"."placement_daily_limit" between 1 and 100000);--> statement-breakpoint
ALTER TABLE "hotels" ADD CONSTRAINT "hotels_hotel_link_daily_limit_check" CHECK ("hotels"."hotel_link_daily_limit" between 1 and 100000);