CREATE TABLE "offline_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"nonce" uuid NOT NULL,
	"code" text NOT NULL,
	"coupon_id" uuid,
	"accepted_by" uuid,
	"device_time" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"redeemed_at" timestamp with time zone,
	"bill_amount" numeric(12, 2),
	"status" text NOT NULL,
	"reason" text,
	"rule" text,
	"message" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offline_redemptions" ADD CONSTRAINT "offline_redemptions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_redemptions" ADD CONSTRAINT "offline_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offline_redemptions_nonce_uq" ON "offline_redemptions" USING btree ("merchant_id","nonce");--> statement-breakpoint
CREATE INDEX "offline_redemptions_attention_idx" ON "offline_redemptions" USING btree ("merchant_id","received_at","id") WHERE "offline_redemptions"."status" = 'needs_attention';--> statement-breakpoint
CREATE INDEX "offline_redemptions_coupon_idx" ON "offline_redemptions" USING btree ("coupon_id");--> statement-breakpoint
CREATE INDEX "offline_redemptions_received_idx" ON "offline_redemptions" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "coupons_merchant_pending_idx" ON "coupons" USING btree ("merchant_id","code") WHERE not "coupons"."is_redeemed" and "coupons"."cancelled_at" is null;