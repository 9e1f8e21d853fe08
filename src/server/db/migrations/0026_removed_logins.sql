CREATE TABLE "removed_logins" (
	"id" uuid PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"merchant_id" uuid,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL
);
