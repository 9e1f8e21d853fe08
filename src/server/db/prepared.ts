import type { Db } from './client';

const statements = new WeakMap<Db, Map<string, unknown>>();

/**
 * A hot query prepared once per database (Drizzle `.prepare(name)` with `sql.placeholder`): its SQL is built once
 * and PostgreSQL parses and plans it once per connection. `build` must always make the same statement for `name`.
 * Not for use inside a transaction (a transaction is another Db object each time).
 */
export function prepared<T>(db: Db, name: string, build: (db: Db) => T): T {
  let byName = statements.get(db);
  if (!byName) statements.set(db, (byName = new Map<string, unknown>()));
  if (!byName.has(name)) byName.set(name, build(db));
  return byName.get(name) as T;
}
