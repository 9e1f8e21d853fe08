import { like, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { hotels } from '../../modules/hotels/table';
import { subscriptionPeriods } from '../../modules/subscriptions/table';

/**
 * The two document links (contract, payment proof) that a hotel and each of its subscription periods carry. The
 * hotels and subscriptions services use these on their own table when documents move folder (files module).
 */
type WithDocuments = typeof hotels | typeof subscriptionPeriods;

const under = (table: WithDocuments, prefix: string) =>
  or(like(table.contractUrl, `${prefix}%`), like(table.paymentScreenshotUrl, `${prefix}%`));

/** Every document link of the table that starts with `prefix`. */
export async function documentLinksUnder(db: Db, table: WithDocuments, prefix: string): Promise<string[]> {
  const rows = await db
    .select({ a: table.contractUrl, b: table.paymentScreenshotUrl })
    .from(table)
    .where(under(table, prefix));
  return rows.flatMap((row) => [row.a, row.b]).filter((url): url is string => url?.startsWith(prefix) ?? false);
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
