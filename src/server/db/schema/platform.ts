import { bigint, customType, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** Raw bytes (PostgreSQL bytea) as a Node Buffer / Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Server-wide settings that every server must share: the generated JWT signing secret ('jwt_secret') when
 * JWT_SECRET is unset, and the business time zone the derived tables are bucketed by ('business_time_zone').
 */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Uploaded files when DATABASE_URL is set, so every server behind a load balancer can serve them. */
export const storedFiles = pgTable(
  'stored_files',
  {
    folder: text('folder').notNull(),
    name: text('name').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.folder, t.name] })],
);

/** rate-limiter-flexible's PostgreSQL store (its own column layout), so limits hold across servers. */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});

/** A scheduled job's slot (e.g. the 14:00 review refresh of one day): the first server to insert the row runs it. */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    slot: text('slot').notNull(),
    claimedBy: text('claimed_by').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.job, t.slot] })],
);
