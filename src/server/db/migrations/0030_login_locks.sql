CREATE TABLE "login_locks" (
	"account" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "login_locks_last_failure_idx" ON "login_locks" USING btree ("last_failure_at");