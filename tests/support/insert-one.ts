import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../src/server/db/client';

/** Inserts one row into `table` and answers it as stored. */
export async function insertOne<T extends PgTable>(
  db: Db,
  table: T,
  values: PgInsertValue<T>,
): Promise<T['$inferSelect']> {
  const [row] = await db.insert(table).values(values).returning();
  return row as T['$inferSelect'];
}
