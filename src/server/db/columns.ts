import { sql } from 'drizzle-orm';
import { integer, numeric, smallint, timestamp, uuid, type ReferenceConfig } from 'drizzle-orm/pg-core';

/**
 * Column builders the tables share, so each kind of column is declared the same way everywhere. They only spell
 * columns the tables already had: the generated SQL (the migrations) is unchanged. Not re-exported by index.ts.
 */

/** `id`: a random uuid primary key (gen_random_uuid()). */
export const uuidKey = () => uuid('id').primaryKey().defaultRandom();

/**
 * `id` of the tables every guest writes (scans, coupons): a time-ordered uuid (version 7, stayperks_uuid_v7(),
 * migration 0048), so a new row's key lands at the right end of its primary key and of the keys that hold it (a
 * coupon's scan_id) instead of on a random page of an index that outgrows the database's memory (docs/DATA.md
 * "Keys").
 */
export const timeOrderedUuidKey = () =>
  uuid('id')
    .primaryKey()
    .default(sql`stayperks_uuid_v7()`);

/** `created_at`: when the row was inserted. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A required foreign key to a uuid column, e.g. `uuidRef('hotel_id', () => hotels.id)`. */
export const uuidRef = <TName extends string>(
  name: TName,
  target: ReferenceConfig['ref'],
  actions?: ReferenceConfig['actions'],
) => uuid(name).notNull().references(target, actions);

/** A required foreign key to an integer column (locations, merchant types, subscription durations). */
export const integerRef = <TName extends string>(
  name: TName,
  target: ReferenceConfig['ref'],
  actions?: ReferenceConfig['actions'],
) => integer(name).notNull().references(target, actions);

/** A count kept by the derived tables' triggers (derived-tables.ts): 0 until something happens. */
export const counter = <TName extends string>(name: TName) => integer(name).notNull().default(0);

/** `shard` of a derived counter row (derived-tables.ts): readers sum over the shards. */
export const shard = () => smallint('shard').notNull().default(0);

/** An amount in rupees and paise (numeric(12,2)), read as a number: money owed, invoiced or paid. */
export const rupees = <TName extends string>(name: TName) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
