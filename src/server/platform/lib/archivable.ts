import { and, eq, isNull } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { notFound } from './errors';

/**
 * A table whose records are archived instead of deleted once a guest's scan or voucher refers to them (hotels,
 * merchants, offers: docs/PRODUCT.md "Archiving"). Its owning module passes it in.
 */
type Archivable = PgTable & { id: AnyPgColumn; archivedAt: AnyPgColumn };

/**
 * Locks record `id` of `table`, unless it is archived, until the transaction ends: a concurrent edit, archive or
 * delete of it waits. 404 with `missing` when there is no such record.
 */
export async function lockUnarchived(tx: Db, table: Archivable, id: string, missing: string): Promise<void> {
  const [row] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), isNull(table.archivedAt)))
    .for('update');
  if (!row) throw notFound(missing);
}
