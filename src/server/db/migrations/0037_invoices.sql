CREATE TABLE "billing_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"legal_name" text NOT NULL,
	"address" text NOT NULL,
	"gstin" text NOT NULL,
	"state_code" text NOT NULL,
	"sac_code" text NOT NULL,
	"tax_rate" numeric(5, 2) DEFAULT 18 NOT NULL,
	"invoice_prefix" text NOT NULL,
	"signatory_name" text NOT NULL,
	"signature_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_settings_one_row" CHECK ("billing_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "hotel_billing" (
	"hotel_id" uuid PRIMARY KEY NOT NULL,
	"gstin" text,
	"state_code" text,
	"billing_email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"kind" text NOT NULL,
	"financial_year" integer NOT NULL,
	"last_serial" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_counters_kind_financial_year_pk" PRIMARY KEY("kind","financial_year")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"financial_year" integer NOT NULL,
	"serial" integer NOT NULL,
	"issued_on" date NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hotel_id" uuid NOT NULL,
	"period_id" uuid NOT NULL,
	"credited_invoice_id" uuid,
	"reason" text,
	"supplier_name" text NOT NULL,
	"supplier_address" text NOT NULL,
	"supplier_gstin" text NOT NULL,
	"supplier_state_code" text NOT NULL,
	"signatory_name" text NOT NULL,
	"signature_url" text,
	"recipient_name" text NOT NULL,
	"recipient_address" text NOT NULL,
	"recipient_gstin" text,
	"recipient_state_code" text NOT NULL,
	"sac_code" text NOT NULL,
	"description" text NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"taxable_value" numeric(12, 2) NOT NULL,
	"tax_rate" numeric(5, 2) NOT NULL,
	"cgst" numeric(12, 2) NOT NULL,
	"sgst" numeric(12, 2) NOT NULL,
	"igst" numeric(12, 2) NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_taxable_positive" CHECK ("invoices"."taxable_value" > 0),
	CONSTRAINT "invoices_credit_note_refers" CHECK (("invoices"."kind" = 'credit_note') = ("invoices"."credited_invoice_id" is not null and "invoices"."reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "subscription_periods" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscription_periods" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "hotel_billing" ADD CONSTRAINT "hotel_billing_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_period_id_subscription_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."subscription_periods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credited_invoice_id_invoices_id_fk" FOREIGN KEY ("credited_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_series_serial_idx" ON "invoices" USING btree ("kind","financial_year","serial");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_period_idx" ON "invoices" USING btree ("period_id") WHERE "invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_credit_note_idx" ON "invoices" USING btree ("credited_invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("issued_at","id");--> statement-breakpoint
CREATE INDEX "invoices_hotel_issued_idx" ON "invoices" USING btree ("hotel_id","issued_at","id");