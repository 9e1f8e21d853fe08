import { like, or, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';

/**
 * A table whose rows carry the two document links (contract, payment proof): hotels and subscription periods. Their
 * owning modules (hotels, subscriptions) pass their own table when documents move folder (files module).
 */
type WithDocuments = PgTable & { contractUrl: AnyPgColumn; paymentScreenshotUrl: AnyPgColumn };

const under = (table: WithDocuments, prefix: string) =>
  or(like(table.contractUrl, `${prefix}%`), like(table.paymentScreenshotUrl, `${prefix}%`));

/** Every document link of the table that starts with `prefix`. */
export async function documentLinksUnder(db: Db, table: WithDocuments, prefix: string): Promise<string[]> {
  const rows = await db
    .select({ a: table.contractUrl, b: table.paymentScreenshotUrl })
    .from(table)
    .where(under(table, prefix));
  return rows
    .flatMap((row) => [row.a, row.b])
    .filter((url): url is string => typeof url === 'string' && url.startsWith(prefix));
}

/** Rewrites the links that start with `from` to start with `to` instead, in one statement. */
export async function moveDocumentLinks(db: Db, table: WithDocuments, from: string, to: string): Promise<void> {
  const rewrite = (column: AnyPgColumn) =>
    sql`case when ${column} like ${`${from}%`} then ${to} || substr(${column}, ${from.length + 1}) else ${column} end`;
  await db
    .update(table)
    .set({ contractUrl: rewrite(table.contractUrl), paymentScreenshotUrl: rewrite(table.paymentScreenshotUrl) })
    .where(under(table, from));
}
