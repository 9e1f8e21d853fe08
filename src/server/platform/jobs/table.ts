import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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
