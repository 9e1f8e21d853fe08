import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hotels } from '../../modules/hotels/table';
import { merchants } from '../../modules/merchants/table';
import { offers } from '../../modules/offers/table';
import { notFound } from './errors';

/** The records archived instead of deleted once a guest's scan or voucher refers to them (docs/PRODUCT.md "Archiving"). */
type Archivable = typeof hotels | typeof merchants | typeof offers;

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
