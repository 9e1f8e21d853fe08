CREATE TABLE "upload_owners" (
	"path" text PRIMARY KEY NOT NULL,
	"merchant_id" uuid,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "upload_owners" ADD CONSTRAINT "upload_owners_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;