-- New scans and vouchers get time-ordered ids (UUID version 7: the first 48 bits are the insert's time in
-- milliseconds, then the version, and 74 random bits) instead of random ones (version 4). A random id lands on a random
-- page of its primary key, and a voucher's scan_id on a random page of coupons_scan_idx; at ten seasons these indexes
-- are hundreds of MB each, larger than the database's memory, so each insert read a page from disk or the OS and wrote
-- a dirty one back. A time-ordered id adds to the right end, on pages already in memory (measured at scale 10: README
-- "Performance", round 11). The bench's history has always been written with time-ordered ids (scripts/bench-data.ts).
-- Rows already written keep their ids; both kinds are valid uuids and nothing depends on an id's order or version.
--
-- Rolling upgrade: the function is new and ALTER COLUMN ... SET DEFAULT changes the catalogue only (no row is
-- touched); it holds each table's lock for a moment, in the migration's transaction. A server of the previous release
-- inserts with the same defaults, so it writes time-ordered ids too.
CREATE FUNCTION stayperks_uuid_v7() RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL SAFE AS $$
  SELECT encode(
    set_bit(set_bit(
      overlay(uuid_send(gen_random_uuid())
              PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
              FROM 1 FOR 6),
      52, 1), 53, 1),
    'hex')::uuid
$$;
--> statement-breakpoint
ALTER TABLE "coupons" ALTER COLUMN "id" SET DEFAULT stayperks_uuid_v7();
--> statement-breakpoint
ALTER TABLE "customer_scans" ALTER COLUMN "id" SET DEFAULT stayperks_uuid_v7();
