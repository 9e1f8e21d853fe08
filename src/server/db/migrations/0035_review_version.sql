CREATE TABLE "review_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "review_version_single_row" CHECK ("review_version"."id" = 1)
);
