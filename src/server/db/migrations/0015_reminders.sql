CREATE TABLE "message_day_sends" (
	"day" date NOT NULL,
	"channel" text NOT NULL,
	"sends" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "message_day_sends_day_channel_pk" PRIMARY KEY("day","channel"),
	CONSTRAINT "message_day_sends_check" CHECK ("message_day_sends"."sends" >= 0)
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scan_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wallet_passes" (
	"coupon_id" uuid PRIMARY KEY NOT NULL,
	"object_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_state" text,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "customer_scans" ADD COLUMN "reminders_opt_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_scans" ADD COLUMN "reminders_opted_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_scans" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messaging_settings" ADD COLUMN "spend_limits" jsonb DEFAULT '{"whatsapp":500,"sms":500}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "messaging_settings" ADD COLUMN "prices_paise" jsonb DEFAULT '{"whatsapp":13,"sms":25}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "messaging_settings" ADD COLUMN "disabled_kinds" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_scan_id_customer_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."customer_scans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_passes" ADD CONSTRAINT "wallet_passes_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_scan_endpoint_uq" ON "push_subscriptions" USING btree ("scan_id","endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_endpoint_idx" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "customer_scans_reminders_idx" ON "customer_scans" USING btree ("checkout_date") WHERE "customer_scans"."reminders_opt_in" and "customer_scans"."reminders_opted_out_at" is null and "customer_scans"."anonymised_at" is null;