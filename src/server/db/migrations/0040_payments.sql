CREATE TABLE "payment_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"period_id" uuid NOT NULL,
	"hotel_id" uuid NOT NULL,
	"gateway" text NOT NULL,
	"gateway_link_id" text NOT NULL,
	"url" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_links_amount_positive" CHECK ("payment_links"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"gateway" text NOT NULL,
	"event_id" text NOT NULL,
	"event" text NOT NULL,
	"outcome" text NOT NULL,
	"payment_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_webhook_events_gateway_event_id_pk" PRIMARY KEY("gateway","event_id")
);
--> statement-breakpoint
CREATE TABLE "period_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"period_id" uuid NOT NULL,
	"hotel_id" uuid NOT NULL,
	"method" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"tds_amount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"refund_amount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"paid_on" date NOT NULL,
	"reference" text,
	"gateway_payment_id" text,
	"payment_link_id" uuid,
	"recorded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "period_payments_amounts" CHECK ("period_payments"."amount" > 0 and "period_payments"."tds_amount" >= 0 and "period_payments"."refund_amount" >= 0),
	CONSTRAINT "period_payments_refund_within" CHECK ("period_payments"."refund_amount" <= "period_payments"."amount")
);
--> statement-breakpoint
ALTER TABLE "subscription_periods" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_period_id_subscription_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."subscription_periods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_webhook_events" ADD CONSTRAINT "payment_webhook_events_payment_id_period_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."period_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "period_payments" ADD CONSTRAINT "period_payments_period_id_subscription_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."subscription_periods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "period_payments" ADD CONSTRAINT "period_payments_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "period_payments" ADD CONSTRAINT "period_payments_payment_link_id_payment_links_id_fk" FOREIGN KEY ("payment_link_id") REFERENCES "public"."payment_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_gateway_link_uq" ON "payment_links" USING btree ("gateway","gateway_link_id");--> statement-breakpoint
CREATE INDEX "payment_links_period_idx" ON "payment_links" USING btree ("period_id","created_at");--> statement-breakpoint
CREATE INDEX "period_payments_period_idx" ON "period_payments" USING btree ("period_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "period_payments_gateway_payment_uq" ON "period_payments" USING btree ("gateway_payment_id") WHERE "period_payments"."gateway_payment_id" is not null;--> statement-breakpoint
CREATE INDEX "period_payments_refund_idx" ON "period_payments" USING btree ("created_at") WHERE "period_payments"."refund_amount" > 0;--> statement-breakpoint
CREATE INDEX "subscription_periods_unsettled_idx" ON "subscription_periods" USING btree ("hotel_id") WHERE "subscription_periods"."settled_at" is null and "subscription_periods"."cancelled_at" is null;--> statement-breakpoint
-- Periods recorded before payments were kept were recorded as paid (the amount typed with the payment's proof): each
-- that owed something gets one payment of what it owed, "recorded as paid before payments were tracked", on its
-- day, and every existing period is settled (docs/PRODUCT.md "Payments").
INSERT INTO "period_payments" ("period_id", "hotel_id", "method", "amount", "paid_on", "recorded_by", "created_at")
SELECT p.id, p.hotel_id, 'before_tracking', coalesce(i.total, p.amount),
       stayperks_business_day(p.paid_at),
       'system', p.paid_at
FROM "subscription_periods" p
LEFT JOIN "invoices" i ON i.period_id = p.id AND i.kind = 'invoice'
WHERE p.amount > 0;
--> statement-breakpoint
UPDATE "subscription_periods" SET "settled_at" = "paid_at";
--> statement-breakpoint
-- Payments are never changed or deleted (docs/DATA.md "Payments"): money received stays on record; a second payment
-- carries its refund_amount from the start. TRUNCATE (an emptied demo or bench database) stays possible.
CREATE OR REPLACE FUNCTION stayperks_payments_frozen() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'payments are never changed or deleted' USING ERRCODE = 'check_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER period_payments_frozen BEFORE UPDATE OR DELETE ON period_payments
FOR EACH ROW EXECUTE FUNCTION stayperks_payments_frozen();
