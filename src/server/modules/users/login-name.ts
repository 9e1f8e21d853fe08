import { sql, type Column, type SQL } from 'drizzle-orm';
import { removedLogins, users } from './table';

/**
 * The username of login `id` as "Redeemed by" shows it (docs/COUNTER.md): a staff login removed since then is still
 * named, with " (removed)"; null for no login. Two key lookups, for the rows of one page.
 */
export const loginName = (id: Column | SQL) =>
  sql<string | null>`coalesce(
    (select u.username from ${users} u where u.id = ${id}),
    (select r.username || ' (removed)' from ${removedLogins} r where r.id = ${id}))`;
