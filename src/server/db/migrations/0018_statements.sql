CREATE TABLE "statement_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"statement_id" uuid NOT NULL,
	"month" text NOT NULL,
	"counterpart_id" uuid NOT NULL,
	"counterpart_name" text NOT NULL,
	"issued" integer NOT NULL,
	"redeemed" integer NOT NULL,
	"undone" integer NOT NULL,
	"bill_total" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"party_kind" text NOT NULL,
	"party_id" uuid NOT NULL,
	"party_name" text NOT NULL,
	"month" text NOT NULL,
	"generated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "statements_party_kind_ck" CHECK ("statements"."party_kind" in ('merchant', 'hotel'))
);
--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_statement_id_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "statement_lines_uq" ON "statement_lines" USING btree ("statement_id","month","counterpart_id");--> statement-breakpoint
CREATE UNIQUE INDEX "statements_party_month_uq" ON "statements" USING btree ("party_kind","party_id","month");--> statement-breakpoint
CREATE INDEX "statements_month_idx" ON "statements" USING btree ("month");--> statement-breakpoint
-- Statements are frozen once generated (docs/PRODUCT.md "Statements"): a later change of a month's figures is an
-- adjustment on the next statement, never an edit of this one, so the database refuses updates and deletes.
CREATE FUNCTION statements_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'statements are frozen once generated: % on % refused', TG_OP, TG_TABLE_NAME;
END;
$$;--> statement-breakpoint
CREATE TRIGGER statements_frozen BEFORE UPDATE OR DELETE ON "statements"
  FOR EACH ROW EXECUTE FUNCTION statements_frozen();--> statement-breakpoint
CREATE TRIGGER statement_lines_frozen BEFORE UPDATE OR DELETE ON "statement_lines"
  FOR EACH ROW EXECUTE FUNCTION statements_frozen();
