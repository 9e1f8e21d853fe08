ALTER TABLE "users" ADD COLUMN "merchant_role" text;--> statement-breakpoint
-- Every merchant login made before staff logins is its merchant's owner (docs/SECURITY.md "Roles").
UPDATE "users" SET "merchant_role" = 'owner' WHERE "user_type" = 'merchant';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_merchant_role_ck" CHECK (("users"."user_type" = 'merchant') = ("users"."merchant_role" is not null) and "users"."merchant_role" in ('owner', 'supervisor', 'cashier'));
