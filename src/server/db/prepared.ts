import { keepPrepared, type Db } from './client';

const statements = new WeakMap<Db, Map<string, unknown>>();

/**
 * A hot query prepared once per database (Drizzle `.prepare(name)` with `sql.placeholder`): its SQL is built once
 * and PostgreSQL parses and plans it once per connection. `build` must always make the same statement for `name`.
 * Not for use inside a transaction (a transaction is another Db object each time).
 *
 * Prefer scalar placeholders to an array one (`id in ($1, $2, $3)`, not `id = any($1)`): PostgreSQL's generic plan
 * assumes ten elements in an array it cannot see, costs more than the custom plans and so is never chosen: the
 * statement is then planned again on every run (README "Performance", round 8).
 */
export function prepared<T>(db: Db, name: string, build: (db: Db) => T): T {
  let byName = statements.get(db);
  if (!byName) statements.set(db, (byName = new Map<string, unknown>()));
  if (!byName.has(name)) {
    const statement = build(db);
    // Drizzle's prepared query holds its SQL text; PGlite prepares it by name from then on (client.ts keepPrepared).
    const text = (statement as { queryString?: unknown }).queryString;
    if (typeof text === 'string') keepPrepared(db, text);
    byName.set(name, statement);
  }
  return byName.get(name) as T;
}
